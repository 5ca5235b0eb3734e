// The decision inspector's candidates for a training round (issue 13, W6), on hand-checked small
// clusters: for each job, every step of the placement rule in traversal order (PAL's bins within
// a node and across nodes, PM-First's bins), whether it had room, which one was taken, and the
// steps never reached with their cost and the set they would have given; Packed and Random list
// their one set; the round's table names the preempted jobs and explains its columns.
#include "RoundTestWorld.h"

#include "training/placement/RoundExplanationTable.h"
#include "training/rounds/PalRule.h"
#include "training/rounds/PalTraversalOrder.h"
#include "training/rounds/PmFirstRule.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace tessera;
using namespace tessera::rounds;
using namespace tessera::rounds::test;

namespace {

// Two nodes of four GPUs; on each node two fast GPUs (sf 0.9) and two slower (1.0), for class A.
// So four fast GPUs exist only across nodes, four slower ones fit in one node.
RoundCluster twoByFour()
{
    RoundCluster cluster = RoundCluster::uniform(2, 4);
    cluster.binnedSf[0] = {0.9, 0.9, 1.0, 1.0, 0.9, 0.9, 1.0, 1.0};
    cluster.perfVar[0] = {0.91, 0.92, 1.01, 1.02, 0.93, 0.94, 1.03, 1.04};
    return cluster;
}

struct Expected {
    const char* step;
    GpuList gpus;
    double cost;
    bool reached;
    bool chosen;
};

void compareTrail(const std::vector<CandidateSet>& trail, const std::vector<Expected>& expected)
{
    QCOMPARE(trail.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        const auto& got = trail[i];
        const auto& want = expected[i];
        QCOMPARE(QString::fromStdString(got.step), QString::fromUtf8(want.step));
        QCOMPARE(got.gpus, want.gpus);
        QVERIFY2(std::abs(got.cost - want.cost) < 1e-12, qPrintable(QString::number(got.cost)));
        QCOMPARE(got.reached, want.reached);
        QCOMPARE(got.chosen, want.chosen);
    }
}

}  // namespace

class PlacementCandidatesTest : public QObject {
    Q_OBJECT

private slots:
    // L = 1.7: the order is within 0.9 (0.9), within 1.0 (1.0), across 0.9 (1.53), across 1.0
    // (1.7). No node holds four 0.9 GPUs; node 0 holds four of sf <= 1.0: taken at cost 1.0. The
    // faster bin across nodes would give GPUs 0, 1, 4, 5, but at 0.9 x 1.7 = 1.53: not reached.
    void palListsEveryStepInCostOrder()
    {
        const RoundCluster cluster = twoByFour();
        const auto order = palTraversalOrder(cluster.binnedSf[0], 1.7);
        std::vector<CandidateSet> trail;
        const auto gpus = palPlace(cluster, 0, order, allGpus(cluster), 4, 1.7, &trail);
        QCOMPARE(*gpus, (GpuList{0, 1, 2, 3}));
        compareTrail(trail, {{"within ≤ 0.900", {}, 0.9, true, false},
                             {"within ≤ 1.000", {0, 1, 2, 3}, 1.0, true, true},
                             {"across ≤ 0.900", {0, 1, 4, 5}, 0.9 * 1.7, false, false},
                             {"across ≤ 1.000", {0, 1, 4, 5}, 1.7, false, false}});
        QCOMPARE(trail[0].locality, StepLocality::WithinNode);
        QCOMPARE(trail[2].locality, StepLocality::AcrossNodes);
        QCOMPARE(trail[0].bin, 0.9);
        QCOMPARE(trail[3].bin, 1.0);
        QCOMPARE(trail[0].note, std::string("no room: no node has 4 free GPUs"));
        QCOMPARE(trail[1].note, std::string("cheapest step with room: node 0 (of 2 with room)"));
        QCOMPARE(trail[2].note, std::string("after the chosen step (1.000)"));
        QCOMPARE(trail[3].note, std::string("after the chosen step (1.000)"));
        // The set's own figures: the binned max, the measured slowest GPU, L for spanning nodes.
        QCOMPARE(trail[1].maxSf, 1.0);
        QCOMPARE(trail[1].pmPenalty, 1.02);
        QCOMPARE(trail[1].localityPenalty, 1.0);
        QCOMPARE(trail[2].maxSf, 0.9);
        QCOMPARE(trail[2].pmPenalty, 0.94);
        QCOMPARE(trail[2].localityPenalty, 1.7);
        // Without a trail the rule takes the same set.
        QCOMPARE(palPlace(cluster, 0, order, allGpus(cluster), 4, 1.7), gpus);
    }

    // L = 1.05: across 0.9 (0.945) comes before within 1.0 and is taken; within 1.0 would have
    // given node 0's four GPUs at cost 1.0, not reached.
    void palTakesTheFasterBinAcrossNodesWhenLIsSmall()
    {
        const RoundCluster cluster = twoByFour();
        const auto order = palTraversalOrder(cluster.binnedSf[0], 1.05);
        std::vector<CandidateSet> trail;
        QCOMPARE(*palPlace(cluster, 0, order, allGpus(cluster), 4, 1.05, &trail), (GpuList{0, 1, 4, 5}));
        compareTrail(trail, {{"within ≤ 0.900", {}, 0.9, true, false},
                             {"across ≤ 0.900", {0, 1, 4, 5}, 0.9 * 1.05, true, true},
                             {"within ≤ 1.000", {0, 1, 2, 3}, 1.0, false, false},
                             {"across ≤ 1.000", {0, 1, 4, 5}, 1.05, false, false}});
        QCOMPARE(trail[1].note, std::string("cheapest step with room: PM-First over 4 free GPUs"));
        QCOMPARE(trail[3].note, std::string("after the chosen step (0.945); same set"));
    }

    // GPUs 0-4 free: node 0 is whole, node 1 has GPU 4 alone. The step across 0.9 (three free
    // GPUs of 0.9) would have had no room either; across 1.0 would have taken 0, 1, 4 (0.9) and 2.
    void palShowsWhetherAStepNotReachedWouldHaveFit()
    {
        const RoundCluster cluster = twoByFour();
        const auto order = palTraversalOrder(cluster.binnedSf[0], 1.7);
        std::vector<CandidateSet> trail;
        QCOMPARE(*palPlace(cluster, 0, order, GpuList{0, 1, 2, 3, 4}, 4, 1.7, &trail), (GpuList{0, 1, 2, 3}));
        compareTrail(trail, {{"within ≤ 0.900", {}, 0.9, true, false},
                             {"within ≤ 1.000", {0, 1, 2, 3}, 1.0, true, true},
                             {"across ≤ 0.900", {}, 0.9 * 1.7, false, false},
                             {"across ≤ 1.000", {0, 1, 2, 4}, 1.7, false, false}});
        QCOMPARE(trail[1].note, std::string("cheapest step with room: node 0, the only one with room"));
        QCOMPARE(trail[2].note, std::string("after the chosen step (1.000); no room either"));
    }

    // Two single free GPUs on two nodes: every step up to across 1.0 is tried; with one free GPU,
    // every step is tried and none has room.
    void palTriesEveryStepBeforeFailing()
    {
        const RoundCluster cluster = twoByFour();
        const auto order = palTraversalOrder(cluster.binnedSf[0], 1.7);
        std::vector<CandidateSet> trail;
        QCOMPARE(*palPlace(cluster, 0, order, GpuList{2, 6}, 2, 1.7, &trail), (GpuList{2, 6}));
        compareTrail(trail, {{"within ≤ 0.900", {}, 0.9, true, false},
                             {"within ≤ 1.000", {}, 1.0, true, false},
                             {"across ≤ 0.900", {}, 0.9 * 1.7, true, false},
                             {"across ≤ 1.000", {2, 6}, 1.7, true, true}});
        QCOMPARE(trail[2].note, std::string("no room: only 0 free GPUs"));
        trail.clear();
        QVERIFY(!palPlace(cluster, 0, order, GpuList{2}, 2, 1.7, &trail));
        QCOMPARE(trail.size(), size_t(4));
        QVERIFY(std::all_of(trail.begin(), trail.end(), [](const CandidateSet& c) { return c.reached && !c.chosen; }));
        QCOMPARE(trail[2].note, std::string("no room: only 0 free GPUs"));
        QCOMPARE(trail[3].note, std::string("no room: only 1 free GPU"));  // one GPU, not "1 GPUs"
    }

    // A job of one GPU, or wider than a node, goes to PM-First under PAL; its steps say so. Its
    // bins: 0.9 has room for one GPU (GPU 0, the lowest id of the best-matching ones); 1.0 is not
    // needed. Eight GPUs: four of 0.9 are too few, all eight at 1.0 span the nodes (cost 1.7).
    void palLeavesOneGpuAndWideJobsToPmFirstAndSaysWhy()
    {
        const RoundCluster cluster = twoByFour();
        const auto order = palTraversalOrder(cluster.binnedSf[0], 1.7);
        std::vector<CandidateSet> trail;
        QCOMPARE(*palPlace(cluster, 0, order, allGpus(cluster), 1, 1.7, &trail), (GpuList{0}));
        compareTrail(trail, {{"PM-First ≤ 0.900", {0}, 0.9, true, true}, {"PM-First ≤ 1.000", {}, 1.0, false, false}});
        QCOMPARE(trail[0].note,
                 std::string("1 GPU: PAL leaves it to PM-First (no node to choose); lowest bin with room"));
        QCOMPARE(trail[1].note, std::string("not needed: a lower bin had room"));
        trail.clear();
        QCOMPARE(*palPlace(cluster, 0, order, allGpus(cluster), 8, 1.7, &trail), allGpus(cluster));
        compareTrail(trail, {{"PM-First ≤ 0.900", {}, 0.9 * 1.7, true, false},
                             {"PM-First ≤ 1.000", allGpus(cluster), 1.7, true, true}});
        QCOMPARE(trail[0].note, std::string("only 4 free GPUs ≤ 0.900"));
        QVERIFY2(trail[1].note.starts_with("8 GPUs > a node's 4: PAL leaves it to PM-First"), trail[1].note.c_str());
    }

    // PM-First proper: four GPUs of the fastest bin exist (across nodes): taken at once, L paid.
    void pmFirstListsItsBins()
    {
        const RoundCluster cluster = twoByFour();
        std::vector<CandidateSet> trail;
        QCOMPARE(*pmFirstPlace(cluster, 0, allGpus(cluster), 4, 1.7, trail), (GpuList{0, 1, 4, 5}));
        compareTrail(trail, {{"PM-First ≤ 0.900", {0, 1, 4, 5}, 0.9 * 1.7, true, true},
                             {"PM-First ≤ 1.000", {}, 1.0, false, false}});
        QCOMPARE(trail[0].localityPenalty, 1.7);
        QCOMPARE(trail[0].note, std::string("lowest bin with room"));
        // GPUs 2, 3, 6, 7 and 0: one GPU of 0.9 is too few for two; 1.0 has room.
        trail.clear();
        QCOMPARE(*pmFirstPlace(cluster, 0, GpuList{0, 2, 3, 6, 7}, 2, 1.7, trail), (GpuList{0, 2}));
        QCOMPARE(trail[0].note, std::string("only 1 free GPU ≤ 0.900"));
        QVERIFY(trail[1].chosen);
    }

    // The explained rules choose exactly what the plain ones do, on random pools: one chosen step
    // at most, the steps reached before those not reached.
    void explainedRulesChooseAsThePlainOnes()
    {
        std::mt19937 rng(13);
        for (int trial = 0; trial < 400; ++trial) {
            RoundCluster cluster = RoundCluster::uniform(3, 4);
            for (double& x : cluster.binnedSf[1])
                x = std::vector<double>{0.9, 1.0, 1.2}[rng() % 3];
            cluster.perfVar[1] = cluster.binnedSf[1];
            GpuList pool;
            for (uint32_t g = 0; g < cluster.gpuCount(); ++g)
                if (rng() % 3)
                    pool.push_back(g);
            const uint32_t n = 1 + rng() % 8;
            const double locality = 1.0 + (rng() % 20) / 10.0;
            const auto order = palTraversalOrder(cluster.binnedSf[1], locality);
            for (bool pal : {true, false}) {
                std::vector<CandidateSet> trail;
                const auto plain = pal ? palPlace(cluster, 1, order, pool, n, locality)
                                       : pmFirstPlace(cluster, 1, pool, n);
                const auto explained = pal ? palPlace(cluster, 1, order, pool, n, locality, &trail)
                                           : pmFirstPlace(cluster, 1, pool, n, locality, trail);
                QCOMPARE(explained, plain);
                const auto chosen = std::count_if(trail.begin(), trail.end(), [](const CandidateSet& c) { return c.chosen; });
                QCOMPARE(chosen, plain ? 1 : 0);
                for (const CandidateSet& c : trail)
                    if (c.chosen)
                        QCOMPARE(c.gpus, *plain);
                QVERIFY(std::is_partitioned(trail.begin(), trail.end(), [](const CandidateSet& c) { return c.reached; }));
            }
        }
    }

    // Packed and Random consider one set: that set alone is listed, with no cost (they rank
    // nothing), and the table says why there are no alternatives.
    void baselinesListTheirOneSet()
    {
        const std::vector<RoundJob> jobs{makeJob(1, 0, 2, 1000)};
        for (auto placement : {RoundPlacement::Packed, RoundPlacement::Random}) {
            const RoundSimulation sim(jobs, twoByFour(), params(placement));
            const auto result = sim.run();
            const auto decision = sim.explainRound(result, 0);
            const auto& job = decisionOf(decision, 1);
            QCOMPARE(job.candidates.size(), size_t(1));
            QVERIFY(job.candidates[0].chosen);
            QCOMPARE(job.candidates[0].cost, 0.0);
            QCOMPARE(job.candidates[0].gpus, job.gpus);
            QVERIFY2(job.candidates[0].note.starts_with("the one set the rule considers"), job.candidates[0].note.c_str());
            QCOMPARE(job.candidates[0].step, std::string(placement == RoundPlacement::Packed ? "best fit: node 0" : "random draw"));
            const ExplanationTable table = roundExplanationTable(decision, params(placement), sim.cluster());
            QCOMPARE(table.rows.size(), size_t(1));
            QVERIFY(std::isnan(table.rows[0].values[5]));  // cost: "–"
            QVERIFY2(table.why.find("no alternatives to list") != std::string::npos, table.why.c_str());
        }
    }

    // The round's table: a row per step, greyed where not reached, the chosen ones marked; the
    // cost column v or v*L; every column explained; the preempted jobs named (Packed-S preempts
    // job 2 from the tail for job 3, which LAS puts first in round 1).
    void theTableListsStepsAndNamesThePreempted()
    {
        const std::vector<RoundJob> one{makeJob(7, 0, 4, 1000)};
        const RoundSimulation pal(one, twoByFour(), params(RoundPlacement::Pal));
        const auto palResult = pal.run();
        const ExplanationTable table = roundExplanationTable(pal.explainRound(palResult, 0), pal.parameters(), pal.cluster());
        QCOMPARE(table.candidateColumn, std::string("job"));
        QCOMPARE(table.columns, (std::vector<std::string>{"step", "GPUs", "max sf", "pm penalty", "locality", "cost",
                                                          "status", "note"}));
        QCOMPARE(table.columnHelp.size(), table.columns.size() + 1);
        QVERIFY(table.columnHelp[3].find("median bin") != std::string::npos);  // max sf
        QVERIFY(table.columnHelp[4].find("measured") != std::string::npos);    // pm penalty
        QCOMPARE(table.rows.size(), size_t(4));
        const std::vector<std::string> statuses{"no room", "chosen", "not reached", "not reached"};
        for (size_t r = 0; r < 4; ++r) {
            QCOMPARE(table.rows[r].candidate, std::string("job 7 (4 GPUs, A)"));
            QCOMPARE(*table.rows[r].text(6), statuses[r]);
            QCOMPARE(table.rows[r].chosen, r == 1);
            QCOMPARE(table.rows[r].greyed, r >= 2);
        }
        QCOMPARE(*table.rows[2].text(1), std::string("GPUs 0, 1, 4, 5"));
        QVERIFY(std::abs(table.rows[2].values[5] - 1.53) < 1e-12);
        QVERIFY(std::isnan(table.rows[0].values[2]));  // no set: no max sf
        QCOMPARE(table.outcome, std::string("1 of 1 job placed; none preempted"));

        for (uint32_t width : {2u, 4u}) {
            const std::vector<RoundJob> jobs{makeJob(1, 0, 2, 5000), makeJob(2, 0, 2, 5000), makeJob(3, 50, width, 5000)};
            const RoundSimulation sim(jobs, RoundCluster::uniform(2, 2),
                                      params(RoundPlacement::PackedSticky, RoundScheduler::Las));
            const auto result = sim.run();
            const ExplanationTable round1 = roundExplanationTable(sim.explainRound(result, 1), sim.parameters(), sim.cluster());
            const std::vector<std::string> expected = width == 2 ? std::vector<std::string>{"job 2"}
                                                                 : std::vector<std::string>{"job 1", "job 2"};
            QCOMPARE(round1.preempted, expected);
            QVERIFY2(round1.outcome.find(width == 2 ? "1 preempted: job 2" : "2 preempted: job 1, job 2") != std::string::npos,
                     round1.outcome.c_str());
            // Job 2 is not placed again: its reason says which GPUs it lost.
            const auto lost = std::find_if(round1.filtered.begin(), round1.filtered.end(),
                                           [](const auto& f) { return f.candidate.starts_with("job 2 "); });
            QVERIFY(lost != round1.filtered.end());
            QVERIFY2(lost->reason.find("preempted from GPUs 2, 3") != std::string::npos, lost->reason.c_str());
            // Job 3's retries say what made room for them.
            bool retried = false;
            for (const auto& row : round1.rows)
                retried |= row.candidate.starts_with("job 3 ") && row.text(7)->starts_with("after preempting job 2");
            QVERIFY(retried);
        }
    }
};

QTEST_APPLESS_MAIN(PlacementCandidatesTest)
#include "tst_placementcandidates.moc"
