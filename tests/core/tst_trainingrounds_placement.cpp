// The placement rules of the round scheduler on hand-made clusters (training-boa-pal.md B3-B5):
// PAL's traversal order and its WITHIN/ACROSS choice, PM-First's (sf, locality) ranking, the
// packing rule, B4's class sort and the FIFO/LAS/SRTF orders.
#include "RoundTestWorld.h"

#include "training/rounds/JobOrdering.h"
#include "training/rounds/PackingRule.h"
#include "training/rounds/PalRule.h"
#include "training/rounds/PalTraversalOrder.h"
#include "training/rounds/PmFirstRule.h"
#include "training/rounds/RandomDraw.h"
#include "training/rounds/RoundPlacementFlow.h"

#include <QTest>

#include <algorithm>
#include <random>

using namespace tessera;
using namespace tessera::rounds;
using tessera::rounds::test::allGpus;

namespace {

// A cluster whose class-c binned sf (and PerfVar) are `sf`; other classes uniform.
RoundCluster clusterWithSf(uint32_t nodes, uint32_t gpusPerNode, uint32_t classIndex, std::vector<double> sf)
{
    RoundCluster cluster = RoundCluster::uniform(nodes, gpusPerNode);
    cluster.binnedSf[classIndex] = sf;
    cluster.perfVar[classIndex] = sf;
    return cluster;
}

std::vector<char> maskOf(uint32_t gpuCount, const GpuList& freeGpus)
{
    std::vector<char> mask(gpuCount, 0);
    for (uint32_t g : freeGpus)
        mask[g] = 1;
    return mask;
}

RoundJob job(uint32_t id, double submitS, uint32_t width, uint32_t classIndex = 0)
{
    return RoundJob{id, submitS, width, classIndex, 1.0, 1000.0};
}

// B4's WITHIN rule written as it reads, for one node: the GPUs of `pool` at or below v, every
// n-subset in lexicographic order, the first whose max sf is smallest.
GpuList enumeratedWithin(const std::vector<double>& sf, const GpuList& pool, double v, uint32_t n)
{
    GpuList s;
    for (uint32_t g : pool)
        if (sf[g] <= v)
            s.push_back(g);
    GpuList best;
    double bestMax = 0;
    std::vector<uint32_t> index(n);
    for (uint32_t i = 0; i < n; ++i)
        index[i] = i;
    for (;;) {
        double worst = 0;
        for (uint32_t i : index)
            worst = std::max(worst, sf[s[i]]);
        if (best.empty() || worst < bestMax) {
            bestMax = worst;
            best.clear();
            for (uint32_t i : index)
                best.push_back(s[i]);
        }
        int k = int(n) - 1;
        while (k >= 0 && index[size_t(k)] == uint32_t(s.size()) - n + uint32_t(k))
            --k;
        if (k < 0)
            return best;
        ++index[size_t(k)];
        for (size_t j = size_t(k) + 1; j < n; ++j)
            index[j] = index[j - 1] + 1;
    }
}

}  // namespace

class TestTrainingRoundsPlacement : public QObject {
    Q_OBJECT

private slots:
    void traversalOrderSortsByCostThenSmallerValueThenWithin()
    {
        const std::vector<double> sf{1.0, 0.9, 2.0, 0.9, 1.0};
        const auto order = palTraversalOrder(sf, 1.7);
        const std::vector<PalStep> expected{{0.9, false, 0.9}, {1.0, false, 1.0},  {0.9, true, 0.9 * 1.7},
                                            {1.0, true, 1.7},  {2.0, false, 2.0}, {2.0, true, 2.0 * 1.7}};
        QCOMPARE(order, expected);
        // L = 1: equal costs, WITHIN first at each value.
        const auto flat = palTraversalOrder(sf, 1.0);
        QCOMPARE(flat.size(), size_t(6));
        QCOMPARE(flat[0], (PalStep{0.9, false, 0.9}));
        QCOMPARE(flat[1], (PalStep{0.9, true, 0.9}));
        QCOMPARE(flat[2], (PalStep{1.0, false, 1.0}));
        // A cost tie between values: (1.0, ACROSS, 1.5) before (1.5, WITHIN, 1.5), the smaller v first.
        const std::vector<double> two{1.0, 1.5};
        const auto tie = palTraversalOrder(two, 1.5);
        QCOMPARE(tie[0], (PalStep{1.0, false, 1.0}));
        QCOMPARE(tie[1], (PalStep{1.0, true, 1.5}));
        QCOMPARE(tie[2], (PalStep{1.5, false, 1.5}));
    }

    // Two fast GPUs on each of two nodes, two slower ones beside them: four fast GPUs exist only
    // across nodes, four slower ones fit in one node. L decides.
    void palPrefersSlowerBinInOneNodeWhenLocalityPenaltyIsLarge()
    {
        const auto cluster = clusterWithSf(2, 4, 0, {0.9, 0.9, 1.0, 1.0, 0.9, 0.9, 1.0, 1.0});
        std::vector<CandidateSet> trail;
        const auto order = palTraversalOrder(cluster.binnedSf[0], 1.7);
        const auto within = palPlace(cluster, 0, order, allGpus(cluster), 4, 1.7, &trail);
        QVERIFY(within);
        QCOMPARE(*within, (GpuList{0, 1, 2, 3}));
        // (0.9, WITHIN) fails, (1.0, WITHIN) succeeds; the two ACROSS steps are not reached.
        QCOMPARE(trail.size(), size_t(4));
        QVERIFY(trail[0].gpus.empty() && !trail[0].chosen);
        QCOMPARE(trail[1].step, std::string("within ≤ 1.000"));
        QVERIFY(trail[1].chosen);
        QCOMPARE(trail[1].cost, 1.0);
        QCOMPARE(trail[1].localityPenalty, 1.0);

        trail.clear();
        const auto small = palTraversalOrder(cluster.binnedSf[0], 1.05);
        const auto across = palPlace(cluster, 0, small, allGpus(cluster), 4, 1.05, &trail);
        QVERIFY(across);
        QCOMPARE(*across, (GpuList{0, 1, 4, 5}));
        QCOMPARE(trail[1].step, std::string("across ≤ 0.900"));
        QVERIFY(trail[1].chosen);
        QCOMPARE(trail[1].localityPenalty, 1.05);
        QVERIFY(qFuzzyCompare(trail[1].cost, 0.9 * 1.05));
    }

    // WITHIN visits nodes by descending |S n n| then id, and takes the first lexicographic subset
    // of minimum max sf: here node 2 (four GPUs) before node 1 (three) and node 0 (two).
    void palWithinVisitsFullestNodeFirstAndTakesFirstMinimumSubset()
    {
        const auto cluster = clusterWithSf(3, 4, 1, {1.0, 1.0, 1.0, 1.0, 1.0, 0.9, 1.0, 1.0, 1.0, 1.0, 1.0, 0.9});
        const GpuList freeGpus{0, 1, 4, 5, 6, 8, 9, 10, 11};
        const auto order = palTraversalOrder(cluster.binnedSf[1], 1.7);
        const auto gpus = palPlace(cluster, 1, order, freeGpus, 2, 1.7);
        QVERIFY(gpus);
        QCOMPARE(*gpus, (GpuList{8, 9}));
        // Width 3 on the same free set: node 2 still first; {8, 9, 10} is its first subset of max 1.0.
        QCOMPARE(*palPlace(cluster, 1, order, freeGpus, 3, 1.7), (GpuList{8, 9, 10}));
    }

    // PAL's WITHIN choice equals B4's enumeration of every subset on random single nodes (where
    // the first step with enough GPUs is a WITHIN one), and a 32-GPU job on a 64-GPU node (1.8e18
    // subsets) is placed at once.
    void palWithinEqualsTheEnumerationAndScalesToWideNodes()
    {
        std::mt19937 rng(7);
        for (int trial = 0; trial < 300; ++trial) {
            const uint32_t size = 4 + rng() % 7;
            std::vector<double> sf(size);
            for (double& x : sf)
                x = std::vector<double>{0.9, 1.0, 1.1}[rng() % 3];
            const auto cluster = clusterWithSf(1, size, 2, sf);
            GpuList pool;
            for (uint32_t g = 0; g < size; ++g)
                if (rng() % 4)
                    pool.push_back(g);
            if (pool.size() < 2)
                continue;
            const uint32_t n = 2 + rng() % (uint32_t(pool.size()) - 1);
            const auto order = palTraversalOrder(cluster.binnedSf[2], 1.7);
            const auto gpus = palPlace(cluster, 2, order, pool, n, 1.7);
            QVERIFY(gpus);
            double v = 0;  // the first level with n GPUs of the pool at or below it
            for (const PalStep& step : order) {
                if (size_t(std::count_if(pool.begin(), pool.end(), [&](uint32_t g) { return sf[g] <= step.v; })) >= n) {
                    v = step.v;
                    break;
                }
            }
            QCOMPARE(*gpus, enumeratedWithin(sf, pool, v, n));
        }
        std::vector<double> wide(64);
        for (uint32_t g = 0; g < 64; ++g)
            wide[g] = g % 3 ? 1.0 : 0.9;
        const auto cluster = clusterWithSf(1, 64, 0, wide);
        const auto order = palTraversalOrder(cluster.binnedSf[0], 1.7);
        const auto gpus = palPlace(cluster, 0, order, allGpus(cluster), 32, 1.7);
        QVERIFY(gpus);
        QCOMPARE(gpus->size(), size_t(32));
        // Only 22 GPUs have 0.9, so 1.0 is the least max: the first 32 ids.
        QCOMPARE(gpus->front(), 0u);
        QCOMPARE(gpus->back(), 31u);
    }

    void palFailsWhenNoStepYieldsEnoughGpus()
    {
        const auto cluster = clusterWithSf(2, 2, 0, {1.0, 1.0, 1.0, 1.0});
        const auto order = palTraversalOrder(cluster.binnedSf[0], 1.7);
        QCOMPARE(*palPlace(cluster, 0, order, GpuList{0, 2}, 2, 1.7), (GpuList{0, 2}));  // only ACROSS fits
        QVERIFY(!palPlace(cluster, 0, order, GpuList{0}, 2, 1.7).has_value());
    }

    void palLeavesSingleAndWideJobsToPmFirst()
    {
        const auto cluster = clusterWithSf(2, 2, 0, {1.0, 0.9, 0.9, 1.0});
        const auto order = palTraversalOrder(cluster.binnedSf[0], 1.7);
        std::vector<CandidateSet> trail;
        QCOMPARE(*palPlace(cluster, 0, order, allGpus(cluster), 1, 1.7, &trail), (GpuList{1}));
        // PM-First's steps, the taken one saying why PAL left the job to it (issue 13: a bare
        // "PM-First" read as if another policy had placed a PAL run's jobs).
        QCOMPARE(trail.front().step, std::string("PM-First ≤ 0.900"));
        QVERIFY(trail.front().chosen);
        QVERIFY(trail.front().note.starts_with("1 GPU: PAL leaves it to PM-First"));
        trail.clear();
        QCOMPARE(*palPlace(cluster, 0, order, allGpus(cluster), 3, 1.7, &trail), (GpuList{0, 1, 2}));
        QVERIFY(trail.back().chosen);
        QVERIFY2(trail.back().note.starts_with("3 GPUs > a node's 2: PAL leaves it to PM-First"), trail.back().note.c_str());
        // A job that fits a node takes PAL's own traversal, never that path.
        trail.clear();
        QVERIFY(palPlace(cluster, 0, order, allGpus(cluster), 2, 1.7, &trail));
        QVERIFY(std::none_of(trail.begin(), trail.end(), [](const CandidateSet& c) { return c.step.starts_with("PM-First"); }));
    }

    // PM-First ranks by (sf, |same-sf free GPUs on the node - N|, id).
    void pmFirstRanksBySfThenBestMatchLocality()
    {
        const auto cluster = clusterWithSf(2, 4, 1, {0.9, 0.9, 0.9, 1.0, 0.9, 0.9, 1.0, 1.0});
        // N = 2: node 1 holds exactly two 0.9 GPUs (loc 0), node 0 three (loc 1).
        QCOMPARE(*pmFirstPlace(cluster, 1, allGpus(cluster), 2), (GpuList{4, 5}));
        // N = 3: node 0 matches exactly.
        QCOMPARE(*pmFirstPlace(cluster, 1, allGpus(cluster), 3), (GpuList{0, 1, 2}));
        // N = 6: every 0.9 GPU first (sf dominates), then the 1.0 ones by locality |1-6|=5 on node 0
        // against |2-6|=4 on node 1: GPU 6.
        QCOMPARE(*pmFirstPlace(cluster, 1, allGpus(cluster), 6), (GpuList{0, 1, 2, 4, 5, 6}));
        QVERIFY(!pmFirstPlace(cluster, 1, GpuList{3, 7}, 3).has_value());
    }

    void packingTakesExactFitThenBestFitThenSpreads()
    {
        const auto cluster = RoundCluster::uniform(3, 4);
        // Free: node 0 three GPUs, node 1 two, node 2 four.
        const auto mask = maskOf(12, {1, 2, 3, 6, 7, 8, 9, 10, 11});
        auto exact = packGpus(cluster, mask, 2);
        QCOMPARE(exact->gpus, (GpuList{6, 7}));
        QCOMPARE(exact->step, std::string("exact fit: node 1"));
        QCOMPARE(packGpus(cluster, mask, 3)->gpus, (GpuList{1, 2, 3}));  // exact: node 0
        auto best = packGpus(cluster, maskOf(12, {1, 2, 3, 8, 9, 10, 11}), 2);
        QCOMPARE(best->gpus, (GpuList{1, 2}));  // fewest free >= 2: node 0 (three) over node 2 (four)
        auto spread = packGpus(cluster, mask, 6);
        QCOMPARE(spread->gpus, (GpuList{1, 2, 8, 9, 10, 11}));  // node 2 (four), then node 0 (three), lowest ids
        QVERIFY(!packGpus(cluster, mask, 10).has_value());
    }

    void randomDrawTakesDistinctFreeGpus()
    {
        auto mask = maskOf(16, {1, 3, 5, 7, 9, 11});
        Rng rng(7);
        const auto gpus = drawGpus(mask, 4, rng);
        QVERIFY(gpus);
        QCOMPARE(gpus->size(), size_t(4));
        QVERIFY(std::is_sorted(gpus->begin(), gpus->end()));
        QVERIFY(std::adjacent_find(gpus->begin(), gpus->end()) == gpus->end());
        for (uint32_t g : *gpus)
            QVERIFY(mask[g]);
        QVERIFY(!drawGpus(mask, 7, rng).has_value());
    }

    // B4 step 2: the prefix of the order whose cumulative width fits is stable-sorted by class.
    void classSortCoversOnlyThePrefixThatFits()
    {
        const std::vector<RoundJob> jobs{job(0, 0, 3, 3), job(1, 0, 2, 0), job(2, 0, 2, 2), job(3, 0, 1, 0),
                                         job(4, 0, 1, 3)};
        QCOMPARE(classSortedOrder(jobs, {0, 1, 2, 3, 4}, 6), (std::vector<uint32_t>{1, 0, 2, 3, 4}));
        QCOMPARE(classSortedOrder(jobs, {4, 1, 3, 0, 2}, 7), (std::vector<uint32_t>{1, 3, 4, 0, 2}));
    }

    void schedulersOrderByTheirKeys()
    {
        std::vector<RoundJob> jobs{job(10, 0, 1), job(11, 5, 1), job(12, 5, 1), job(13, 1, 1)};
        jobs[0].totalIterations = 100;
        std::vector<JobProgress> progress(4);
        progress[0].attainedS = 720;
        progress[0].iterations = 90;  // 10 left
        progress[1].attainedS = 0;
        progress[2].attainedS = 360;
        progress[3].attainedS = 360;
        const std::vector<uint32_t> active{2, 0, 3, 1};
        QCOMPARE(orderJobs(RoundScheduler::Fifo, jobs, progress, active), (std::vector<uint32_t>{0, 3, 1, 2}));
        QCOMPARE(orderJobs(RoundScheduler::Las, jobs, progress, active), (std::vector<uint32_t>{1, 3, 2, 0}));
        // SRTF: job 0 has 10 s left, the others 1000 s; ties by submit then id.
        QCOMPARE(orderJobs(RoundScheduler::Srtf, jobs, progress, active), (std::vector<uint32_t>{0, 3, 1, 2}));
        progress[3].iterations = 995;
        QCOMPARE(orderJobs(RoundScheduler::Srtf, jobs, progress, active), (std::vector<uint32_t>{3, 0, 1, 2}));
    }

    void policyNamesRoundTrip()
    {
        for (auto p : {RoundPlacement::Pal, RoundPlacement::PmFirst, RoundPlacement::Packed,
                       RoundPlacement::PackedSticky, RoundPlacement::Random, RoundPlacement::RandomSticky})
            QCOMPARE(parsePlacement(placementName(p)), std::optional(p));
        QCOMPARE(placementName(RoundPlacement::PackedSticky), std::string_view("packed-sticky"));
        QCOMPARE(parseScheduler("las"), std::optional(RoundScheduler::Las));
        QVERIFY(!parsePlacement("Packed-S").has_value());
    }
};

QTEST_APPLESS_MAIN(TestTrainingRoundsPlacement)
#include "tst_trainingrounds_placement.moc"
