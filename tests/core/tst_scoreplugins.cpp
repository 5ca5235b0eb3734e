// Every score plugin on hand-built nodes and pods, against the formulas of fgd-pwr.md
// sections 4, 5 and 8.1, and the policy-spec grammar of contracts.md section 2. Each expected
// value is worked out by hand in the comment beside it.
#include "support/ClusterBuilder.h"
#include "sched/PluginRegistry.h"
#include "sched/PolicySpec.h"
#include "sched/Scheduler.h"

#include <QTest>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <set>

using namespace tessera;
using tessera::test::ClusterBuilder;

namespace {

RawScore scoreOf(const char* plugin, const ClusterState& state, uint32_t node, const PodSpec& pod)
{
    const auto p = PluginRegistry::instance().create(plugin);
    if (!p)
        throw std::invalid_argument(plugin);
    return p->score(ScoreInput{state, node, pod});
}

std::vector<uint32_t> identityOrder(const ClusterState& state)
{
    std::vector<uint32_t> order(state.nodeCount());
    std::iota(order.begin(), order.end(), 0u);
    return order;
}

const DecisionExplanation::Candidate& candidate(const DecisionExplanation& e, uint32_t node)
{
    for (const auto& c : e.candidates)
        if (c.node == node)
            return c;
    throw std::out_of_range("node is not a candidate");
}

// The GPUs policy `spec` gives `pod` on a one-node cluster: the only feasible node is taken
// without scoring, so this isolates the GPU choice of the spec's selector plugin.
GpuMask gpusChosen(const char* spec, const ClusterState& state, const PodSpec& pod)
{
    Scheduler s(PolicySpec::parse(spec), identityOrder(state), 42);
    const Placement p = s.decide(state, pod, 0, 0);
    return p.placed() ? p.gpus : GpuMask(0xFF);
}

// FGD's target workload in these tests: p(A) = 3/4 for A = (c 1000, d 500, k 1), and
// p(B) = 1/4 for the CPU-only type B = (c 2000). Both are kept: 3 < 0.95 x 4 = 3.8.
std::vector<PodSpec> fgdWorkload(const ClusterBuilder& b)
{
    return {b.pod("a1", 1000, 1, 500), b.pod("a2", 1000, 1, 500), b.pod("a3", 1000, 1, 500),
            b.pod("b1", 2000)};
}

}  // namespace

class TestScorePlugins : public QObject {
    Q_OBJECT

private slots:
    void everyPolicyIsRegistered()
    {
        for (const char* name : {"random", "dotproduct", "gpuclustering", "gpupacking", "bestfit", "fgd", "pwr"}) {
            const auto plugin = PluginRegistry::instance().create(name);
            QVERIFY2(plugin, name);
            QCOMPARE(plugin->name(), std::string_view(name));
        }
        QVERIFY(!PluginRegistry::instance().create("tetris"));
    }

    void dotProduct()
    {
        ClusterBuilder b;
        const size_t a = b.addNode("a", 64000, 4, "T4");
        const size_t big = b.addNode("big", 128000, 8, "G2");
        const ClusterState& s = b.build();
        b.setNode(a, {1000, 1000, 500, 0});  // sum R = 2500

        // node = [64000/128000, 2500/8000] = [0.5, 0.3125]; pod = [16000/128000, 500/8000] =
        // [0.125, 0.0625]; dp = (0.0625 + 0.01953125) / 2 = 0.041015625; 100 (1 - dp) = 95.898 -> 95
        QCOMPARE(scoreOf("dotproduct", s, a, b.pod("share", 16000, 1, 500)).value, 95);
        // node = [1, 1]; pod = [64000/128000, 4 x 1000/8000] = [0.5, 0.5]; dp = 1/2; 100 (1 - 0.5) = 50
        QCOMPARE(scoreOf("dotproduct", s, big, b.pod("four", 64000, 4, 1000)).value, 50);
        // CPU-only: pod = [32000/128000, 0] = [0.25, 0]; dp = 0.25/2 = 0.125; 87.5 -> 87
        QCOMPARE(scoreOf("dotproduct", s, big, b.pod("cpu", 32000)).value, 87);
        // cpuLeft 64000 < c 96000: 0
        QCOMPARE(scoreOf("dotproduct", s, a, b.pod("hungry", 96000, 1, 500)).value, 0);
    }

    void gpuClusteringAffinityCases()
    {
        ClusterBuilder b;
        const size_t empty = b.addNode("empty", 32000, 4, "T4");
        const size_t shareOnly = b.addNode("share-only", 32000, 4, "T4");
        const size_t mixed = b.addNode("mixed", 32000, 4, "T4");
        const size_t cpuUsed = b.addNode("cpu-used", 32000, 4, "T4");
        const ClusterState& s = b.build();
        const PodSpec share = b.pod("share", 1000, 1, 500);
        const PodSpec one = b.pod("one", 1000, 1, 1000);
        const PodSpec two = b.pod("two", 1000, 2, 1000);
        b.place(shareOnly, share, 0b0001);              // R = [500, 1000, 1000, 1000]
        b.place(mixed, share, 0b0001);
        b.place(mixed, one, 0b0010);                    // R = [500, 0, 1000, 1000]
        b.place(cpuUsed, b.pod("cpu", 4000), 0);        // a CPU-only pod adds no affinity class

        // empty: L = 4000, base = 25 x 4000 idiv 8000 = 12 (12.5); no GPU pods -> + 25 = 37
        QCOMPARE(scoreOf("gpuclustering", s, empty, share).value, 37);
        QCOMPARE(scoreOf("gpuclustering", s, cpuUsed, share).value, 37);
        // share-only: L = 3500, base = 25 x 4500 idiv 8000 = 14 (14.06); only this tag -> + 75 = 89
        QCOMPARE(scoreOf("gpuclustering", s, shareOnly, share).value, 89);
        // ... a 1-GPU pod there: its tag absent, another present -> base only = 14
        QCOMPARE(scoreOf("gpuclustering", s, shareOnly, one).value, 14);
        // mixed: L = 2500, base = 25 x 5500 idiv 8000 = 17 (17.19); tag present among two -> + 50 = 67
        QCOMPARE(scoreOf("gpuclustering", s, mixed, share).value, 67);
        QCOMPARE(scoreOf("gpuclustering", s, mixed, one).value, 67);
        // ... a 2-GPU pod: absent, others present -> 17
        QCOMPARE(scoreOf("gpuclustering", s, mixed, two).value, 17);
        // CPU-only pods score 0 everywhere
        QCOMPARE(scoreOf("gpuclustering", s, empty, b.pod("cpu", 1000)).value, 0);
        QCOMPARE(scoreOf("gpuclustering", s, shareOnly, b.pod("cpu", 1000)).value, 0);
    }

    void gpuPacking()
    {
        ClusterBuilder b;
        const size_t empty4 = b.addNode("empty4", 32000, 4, "T4");
        const size_t empty8 = b.addNode("empty8", 96000, 8, "G2");
        const size_t used = b.addNode("used", 32000, 4, "T4");
        const size_t shared = b.addNode("shared", 32000, 4, "T4");
        const ClusterState& s = b.build();
        b.setNode(used, {500, 1000, 1000, 1000});
        b.setNode(shared, {1000, 350, 0, 800});
        const PodSpec share300 = b.pod("s300", 1000, 1, 300);

        // empty node: max(33 - fullyFree, fullyFree): 4 GPUs -> max(29, 4) = 29; 8 -> max(25, 8) = 25
        QCOMPARE(scoreOf("gpupacking", s, empty4, share300).value, 29);
        QCOMPARE(scoreOf("gpupacking", s, empty8, share300).value, 25);
        // used node, the pod takes a fully free GPU: max(50 - usedFullyFree, 33)
        QCOMPARE(scoreOf("gpupacking", s, used, b.pod("one", 1000, 1, 1000)).value, 49);  // 50 - 1
        QCOMPARE(scoreOf("gpupacking", s, used, b.pod("two", 1000, 2, 1000)).value, 48);  // 50 - 2
        // d 600 skips the 500 GPU and takes a fully free one: 49
        QCOMPARE(scoreOf("gpupacking", s, used, b.pod("s600", 1000, 1, 600)).value, 49);
        // shared GPU: ascending R takes R = 500; 100 - (500 x 100 idiv 1000 = 50) idiv 10 = 95
        QCOMPARE(scoreOf("gpupacking", s, used, share300).value, 95);
        // ascending R = 0, 350, 800, 1000: d 300 takes 350 -> 100 - 35 idiv 10 = 97
        QCOMPARE(scoreOf("gpupacking", s, shared, share300).value, 97);
        // d 400 skips 350, takes 800 -> 100 - 80 idiv 10 = 92
        QCOMPARE(scoreOf("gpupacking", s, shared, b.pod("s400", 1000, 1, 400)).value, 92);
        // d 100 takes 350 too; on `used`, R = 500 -> 95. With R = 999: 999 x 100 idiv 1000 = 99,
        // 100 - 99 idiv 10 = 91 (each idiv truncates)
        b.setNode(used, {999, 1000, 1000, 1000});
        QCOMPARE(scoreOf("gpupacking", s, used, b.pod("s100", 1000, 1, 100)).value, 91);
        // fewer than k fully free GPUs (one for two): 0
        QCOMPARE(scoreOf("gpupacking", s, shared, b.pod("two", 1000, 2, 1000)).value, 0);
        // CPU-only: 0
        QCOMPARE(scoreOf("gpupacking", s, used, b.pod("cpu", 1000)).value, 0);
    }

    void bestFitRawAndMinMax()
    {
        ClusterBuilder b;
        const uint32_t a = uint32_t(b.addNode("a", 64000, 4, "T4"));
        const uint32_t tight = uint32_t(b.addNode("tight", 32000, 4, "T4"));
        const uint32_t roomy = uint32_t(b.addNode("roomy", 128000, 8, "G2"));
        const ClusterState& s = b.build();
        b.setNode(tight, {0, 1000, 1000, 0});
        const PodSpec pod = b.pod("p", 16000, 1, 1000);

        Scheduler scheduler(PolicySpec::parse("bestfit"), identityOrder(s), 42);
        const DecisionExplanation e = scheduler.explain(s, pod, 0);
        QCOMPARE(e.candidates.size(), size_t(3));
        // raw = trunc(100 (1 - [0.5 (cpuLeft - c)/128000 + 0.5 (sum R - d k)/8000]))
        // a:     0.5 x 48000/128000 + 0.5 x 3000/8000 = 0.375   -> 62.5 -> 62
        // tight: 0.5 x 16000/128000 + 0.5 x 1000/8000 = 0.125   -> 87.5 -> 87
        // roomy: 0.5 x 112000/128000 + 0.5 x 7000/8000 = 0.875  -> 12.5 -> 12
        QCOMPARE(candidate(e, a).raw.at(0), 62);
        QCOMPARE(candidate(e, tight).raw.at(0), 87);
        QCOMPARE(candidate(e, roomy).raw.at(0), 12);
        // min-max: (raw - 12) x 100 idiv (87 - 12): a 5000 idiv 75 = 66, tight 100, roomy 0
        QCOMPARE(candidate(e, a).normalised.at(0), 66);
        QCOMPARE(candidate(e, tight).normalised.at(0), 100);
        QCOMPARE(candidate(e, roomy).normalised.at(0), 0);
        QCOMPARE(candidate(e, a).total, 66 * 1000);  // weight 1000 x 66
        QCOMPARE(e.winner, int64_t(tight));
        QCOMPARE(e.gpus, GpuMask(0b0010));  // whole GPU: the lowest-index fully free GPU is 1
    }

    // Two identical empty nodes score the same raw value, so min-max has no range (hi == lo):
    // each plugin's rule for that case decides the normalised score of both.
    void allEqualNormalises_data()
    {
        QTest::addColumn<QString>("policy");
        QTest::addColumn<int>("gpusPerNode");
        QTest::addColumn<int>("podCpuMilli");  // the pod asks for 500 milli-GPU on one GPU
        QTest::addColumn<int>("raw");
        QTest::addColumn<int>("normalised");
        // 0.5 x 31000/128000 + 0.5 x 3500/8000 = 0.33984 -> 66.0 -> 66 on both; hi == lo -> 0
        QTest::newRow("bestfit to zero") << "bestfit" << 4 << 1000 << 66 << 0;
        // As the idle node of pwrRawAndMinMax: 35 W before, 200 W after -> -165; hi == lo -> 100
        // (BestFit gives 0)
        QTest::newRow("pwr to hundred") << "pwr" << 2 << 2000 << -165 << 100;
    }

    void allEqualNormalises()
    {
        QFETCH(QString, policy);
        QFETCH(int, gpusPerNode);
        QFETCH(int, podCpuMilli);
        QFETCH(int, raw);
        QFETCH(int, normalised);
        ClusterBuilder b;
        b.addNode("x", 32000, gpusPerNode, "T4");
        b.addNode("y", 32000, gpusPerNode, "T4");
        const ClusterState& s = b.build();
        Scheduler scheduler(PolicySpec::parse(policy.toStdString()), {1, 0}, 42);
        const DecisionExplanation e = scheduler.explain(s, b.pod("p", podCpuMilli, 1, 500), 0);
        QCOMPARE(e.candidates.size(), size_t(2));
        for (const auto& c : e.candidates) {
            QCOMPARE(c.raw.at(0), raw);
            QCOMPARE(c.normalised.at(0), normalised);
            QCOMPARE(c.total, normalised * 1000);  // the default weight, 1000
        }
        QCOMPARE(e.winner, int64_t(1));  // the tie goes to the first node of the order {1, 0}
    }

    void pwrRawAndMinMax()
    {
        ClusterBuilder b;
        const uint32_t idle = uint32_t(b.addNode("idle", 32000, 2, "T4"));
        const uint32_t busy = uint32_t(b.addNode("busy", 32000, 2, "T4"));
        const uint32_t a100 = uint32_t(b.addNode("a100", 32000, 1, "A100"));
        const ClusterState& s = b.build();
        const PodSpec pod = b.pod("p", 2000, 1, 500);
        b.place(busy, pod, 0b01);  // R = [500, 1000], cpuLeft 30000: 1 working core

        // CPU: 16 cores = 1 package of 16 (15 W idle, 120 W when any core works); T4 10/70 W.
        // idle: P_old = 15 + 2 x 10 = 35; after on GPU 0 = 120 + 70 + 10 = 200 -> 35 - 200 = -165.
        // GPU 1 gives the same, so the lowest index (0) wins.
        const RawScore rIdle = scoreOf("pwr", s, idle, pod);
        QCOMPARE(rIdle.value, -165);
        QCOMPARE(rIdle.gpu, int8_t(0));
        // busy: P_old = 120 + 70 + 10 = 200. GPU 0 (R 500 -> 0) stays 200 -> 0;
        // GPU 1 (idle -> busy) = 120 + 70 + 70 = 260 -> -60. Best: 0 on GPU 0.
        const RawScore rBusy = scoreOf("pwr", s, busy, pod);
        QCOMPARE(rBusy.value, 0);
        QCOMPARE(rBusy.gpu, int8_t(0));
        // a100: P_old = 15 + 50 = 65; after = 120 + 400 = 520 -> -455
        QCOMPARE(scoreOf("pwr", s, a100, pod).value, -455);

        Scheduler scheduler(PolicySpec::parse("pwr"), identityOrder(s), 42);
        const DecisionExplanation e = scheduler.explain(s, pod, 0);
        // (raw + 455) x 100 idiv 455: idle 29000 idiv 455 = 63, busy 100, a100 0
        QCOMPARE(candidate(e, idle).normalised.at(0), 63);
        QCOMPARE(candidate(e, busy).normalised.at(0), 100);
        QCOMPARE(candidate(e, a100).normalised.at(0), 0);
        QCOMPARE(e.winner, int64_t(busy));
        QCOMPARE(e.gpus, GpuMask(0b01));

        // Weighted sum with FGD, whose workload is empty here so it scores 50 everywhere:
        // busy = 100 x 100 + 900 x 50 = 55000; idle = 100 x 63 + 900 x 50 = 51300
        Scheduler combined(PolicySpec::parse("pwr:100,fgd:900"), identityOrder(s), 42);
        const DecisionExplanation c = combined.explain(s, pod, 0);
        QCOMPARE(candidate(c, busy).total, 55000);
        QCOMPARE(candidate(c, idle).total, 51300);
        QCOMPARE(candidate(c, idle).normalised.at(1), 50);
    }

    void pwrPicksItsOwnGpu()
    {
        ClusterBuilder b;
        const size_t n = b.addNode("n", 32000, 2, "T4");
        const ClusterState& s = b.build();
        b.setNode(n, {800, 400}, 30000);
        const PodSpec pod = b.pod("p", 1000, 1, 300);
        // Both GPUs are busy, so either adds 0 W: PWR keeps the lowest index, 0. The `best`
        // selector of the baselines takes the smallest sufficient share instead: R = 400, GPU 1.
        QCOMPARE(gpusChosen("pwr", s, pod), GpuMask(0b01));
        QCOMPARE(gpusChosen("bestfit", s, pod), GpuMask(0b10));
        QCOMPARE(gpusChosen("dotproduct", s, pod), GpuMask(0b10));
    }

    void fgdShareScoreAndGpu()
    {
        ClusterBuilder b;
        const uint32_t left = uint32_t(b.addNode("left", 32000, 2, "T4"));
        const uint32_t empty = uint32_t(b.addNode("empty", 32000, 2, "T4"));
        const uint32_t right = uint32_t(b.addNode("right", 32000, 2, "T4"));
        const ClusterState& s = b.build(fgdWorkload(b));
        QCOMPARE(b.fragmentation().scale(), 4);  // 4 covered pods: p(A) = 3/4, p(B) = 1/4
        b.setNode(left, {1000, 600});
        b.setNode(right, {600, 1000});
        const PodSpec pod = b.pod("p", 1000, 1, 200);

        // left, R = [1000, 600]: F(A) = 0 (both R >= 500, Q3), F(B) = U = 1600 (CPU-only type);
        // F_old = 3/4 x 0 + 1/4 x 1600 = 400.
        //   GPU 0 -> [800, 600]:  F(A) = 0,   F(B) = 1400 -> F = 350, dF = +50  -> 100 s(0.05)  = 51.2 -> 51
        //   GPU 1 -> [1000, 400]: F(A) = 400, F(B) = 1400 -> F = 650, dF = -250 -> 100 s(-0.25) = 43.8 -> 43
        // so GPU 0, where the `best` selector would take the smaller share, GPU 1.
        const RawScore rLeft = scoreOf("fgd", s, left, pod);
        QCOMPARE(rLeft.value, 51);
        QCOMPARE(rLeft.gpu, int8_t(0));
        // right, R = [600, 1000]: the mirror image, so GPU 1 with 51 (an argmax, not "lowest index")
        const RawScore rRight = scoreOf("fgd", s, right, pod);
        QCOMPARE(rRight.value, 51);
        QCOMPARE(rRight.gpu, int8_t(1));
        // empty, R = [1000, 1000]: either GPU gives F(A) = 0, F(B) = 1800 -> F = 450 from 500,
        // dF = +50 -> 51 on both: the tie goes to the lowest index, 0.
        const RawScore rEmpty = scoreOf("fgd", s, empty, pod);
        QCOMPARE(rEmpty.value, 51);
        QCOMPARE(rEmpty.gpu, int8_t(0));

        // All three tie at 51: the first node of the order wins, with FGD's GPU for it.
        Scheduler scheduler(PolicySpec::parse("fgd"), {right, left, empty}, 42);
        const Placement p = scheduler.decide(s, pod, 0, 0);
        QCOMPARE(p.node, int32_t(right));
        QCOMPARE(p.gpus, GpuMask(0b10));
        Scheduler other(PolicySpec::parse("fgd"), {left, right, empty}, 42);
        const Placement q = other.decide(s, pod, 0, 0);
        QCOMPARE(q.node, int32_t(left));
        QCOMPARE(q.gpus, GpuMask(0b01));
    }

    void fgdWholeGpuAndSpecialCases()
    {
        ClusterBuilder b;
        const uint32_t left = uint32_t(b.addNode("left", 32000, 2, "T4"));
        const uint32_t empty = uint32_t(b.addNode("empty", 32000, 2, "T4"));
        const ClusterState& s = b.build(fgdWorkload(b));
        b.setNode(left, {1000, 600});
        const PodSpec whole = b.pod("w", 1000, 1, 1000);

        // empty: Sub takes GPU 0 -> [0, 1000]: F(A) = 0 (GPU 1 fits; R 0 adds 0), F(B) = 1000;
        // F_old = 1/4 x 2000 = 500, F_new = 250, dF = +250 -> 100 s(0.25) = 56.2 -> 56
        QCOMPARE(scoreOf("fgd", s, empty, whole).value, 56);
        // left: the only fully free GPU is 0 -> [0, 600]: F(A) = 0, F(B) = 600 -> 150; from 400: +250 -> 56
        QCOMPARE(scoreOf("fgd", s, left, whole).value, 56);
        // A CPU-only pod that leaves too little CPU for type A turns A from Q3 into Q4, so all
        // free GPU becomes A's fragment. left with 2000 CPU free, c 1500 -> 500 < 1000:
        // F_old = 3/4 x 0 + 1/4 x 1600 = 400; F_new = 3/4 x 1600 + 1/4 x 1600 = 1600;
        // dF = -1200 -> 100 s(-1.2) = 23.1 -> 23
        b.setNode(left, {1000, 600}, 2000);
        QCOMPARE(scoreOf("fgd", s, left, b.pod("cpu", 1500)).value, 23);
        // ... while one that leaves enough changes nothing: 100 s(0) = 50
        QCOMPARE(scoreOf("fgd", s, left, b.pod("small", 1000)).value, 50);
        // a pod requesting nothing scores 100; a GPU pod on a model it may not use scores 0
        QCOMPARE(scoreOf("fgd", s, empty, b.pod("nothing", 0)).value, 100);
        QCOMPARE(scoreOf("fgd", s, empty, b.pod("typed", 1000, 1, 500, "V100M16")).value, 0);
    }

    void fgdMeasureIsTheFragmentationDelta()
    {
        // What FGD scores, shown by the inspector: the growth of the node's expected
        // fragmentation in GPUs, F_n(after) - F_n(before), worked out here from the
        // fragmentation model on hand-built node states, not through the plugin.
        ClusterBuilder b;
        const uint32_t left = uint32_t(b.addNode("left", 32000, 2, "T4"));
        const uint32_t empty = uint32_t(b.addNode("empty", 32000, 2, "T4"));
        const ClusterState& s = b.build(fgdWorkload(b));
        b.setNode(left, {1000, 600});
        const FragmentationModel& frag = b.fragmentation();
        auto delta = [&](uint32_t node, std::array<int16_t, 2> gpuLeftAfter, int32_t cpuTaken) {
            NodeState after = s.state(node);
            after.cpuLeft -= cpuTaken;
            after.gpuLeft[0] = gpuLeftAfter[0];
            after.gpuLeft[1] = gpuLeftAfter[1];
            const int64_t grown = frag.nodeFragmentScaled(s.spec(node), after) - frag.nodeFragmentScaled(s.spec(node), s.state(node));
            return double(grown) / double(frag.scale()) / 1000.0;
        };
        // A share pod on left goes to GPU 0 (see fgdShareScoreAndGpu): F 400 -> 350 milli.
        const PodSpec share = b.pod("p", 1000, 1, 200);
        const RawScore r = scoreOf("fgd", s, left, share);
        QVERIFY(std::abs(r.measure - (delta(left, {800, 600}, 1000))) < 1e-12);
        QVERIFY(std::abs(r.measure - (-0.05)) < 1e-12);
        // A whole GPU on the empty node takes GPU 0: F 500 -> 250 milli.
        const PodSpec whole = b.pod("w", 1000, 1, 1000);
        QVERIFY(std::abs(scoreOf("fgd", s, empty, whole).measure - (delta(empty, {0, 1000}, 1000))) < 1e-12);
        QVERIFY(std::abs(scoreOf("fgd", s, empty, whole).measure - (-0.25)) < 1e-12);
        QCOMPARE(PluginRegistry::instance().create("fgd")->measureName(), std::string_view("Δ frag (GPU)"));

        // The explanation carries the same number per candidate, and says FGD is not min-max
        // normalised (its raw score is its score).
        Scheduler scheduler(PolicySpec::parse("fgd"), identityOrder(s), 42);
        const DecisionExplanation e = scheduler.explain(s, share, 0);
        QCOMPARE(e.minMax, std::vector<bool>{false});
        QCOMPARE(e.measures, std::vector<std::string>{"Δ frag (GPU)"});
        QVERIFY(std::abs(candidate(e, left).measure.at(0) - (delta(left, {800, 600}, 1000))) < 1e-12);
        QVERIFY(std::abs(candidate(e, empty).measure.at(0) - (delta(empty, {800, 1000}, 1000))) < 1e-12);
        // Plugins that measure nothing besides their score leave it NaN.
        QVERIFY(std::isnan(scoreOf("bestfit", s, left, share).measure));
    }

    void fgdOneGpuOfFragmentScores26()
    {
        // The spec's own example: one more GPU of expected fragment gives trunc(100 s(-1)) = 26.
        ClusterBuilder b;
        const uint32_t n = uint32_t(b.addNode("n", 32000, 2, "T4"));
        const ClusterState& s = b.build({b.pod("pair", 1000, 2, 1000)});  // M = {(1000, 1000, 2)}
        // before: both GPUs free, Q3, F = 0. After one whole GPU: only 1 of 2 fits -> Q2, F = U = 1000.
        QCOMPARE(scoreOf("fgd", s, n, b.pod("w", 1000, 1, 1000)).value, 26);  // 100 / (1 + e) = 26.9
    }

    void gpuSelectorFollowsFirstLargestWeight()
    {
        ClusterBuilder b;
        const size_t n = b.addNode("n", 32000, 2, "T4");
        const ClusterState& s = b.build(fgdWorkload(b));
        b.setNode(n, {1000, 600}, 30000);
        const PodSpec pod = b.pod("p", 1000, 1, 200);
        // FGD takes GPU 0 (see fgdShareScoreAndGpu); PWR takes GPU 1, which is already busy
        // (+0 W) where GPU 0 would go from 10 W to 70 W.
        QCOMPARE(gpusChosen("fgd", s, pod), GpuMask(0b01));
        QCOMPARE(gpusChosen("pwr", s, pod), GpuMask(0b10));
        // Equal weights: the first listed term selects.
        QCOMPARE(gpusChosen("pwr:500,fgd:500", s, pod), GpuMask(0b10));
        QCOMPARE(gpusChosen("fgd:500,pwr:500", s, pod), GpuMask(0b01));
        QCOMPARE(gpusChosen("pwr:100,fgd:900", s, pod), GpuMask(0b01));
        QCOMPARE(gpusChosen("fgd:100,pwr:900", s, pod), GpuMask(0b10));
    }

    void randomScoresExactlyOneNode()
    {
        ClusterBuilder b;
        for (int i = 0; i < 5; ++i)
            b.addNode(fmt::format("r{}", i), 32000, 2, "T4");
        const ClusterState& s = b.build();
        const PodSpec pod = b.pod("p", 1000, 1, 500);

        auto plugin = PluginRegistry::instance().create("random");
        const std::vector<uint32_t> feasible{0, 1, 2, 3, 4};
        Rng rng(1);
        plugin->preScore(feasible, rng);
        int hundreds = 0;
        for (uint32_t node : feasible) {
            const int64_t v = plugin->score(ScoreInput{s, node, pod}).value;
            QVERIFY(v == 0 || v == 100);
            hundreds += v == 100;
        }
        QCOMPARE(hundreds, 1);

        Scheduler scheduler(PolicySpec::parse("random"), identityOrder(s), 42);
        Scheduler twin(PolicySpec::parse("random"), identityOrder(s), 42);
        std::set<int64_t> winners;
        for (uint64_t d = 0; d < 20; ++d) {
            const DecisionExplanation e = scheduler.explain(s, pod, d);
            int64_t drawn = -1;
            int drawnCount = 0;
            for (const auto& c : e.candidates) {
                if (c.raw.at(0) == 100) {
                    drawn = c.node;
                    ++drawnCount;
                } else {
                    QCOMPARE(c.raw.at(0), 0);
                }
            }
            QCOMPARE(drawnCount, 1);
            QCOMPARE(e.winner, drawn);
            QCOMPARE(int64_t(twin.decide(s, pod, 0, d).node), drawn);  // the decision's own stream
            winners.insert(drawn);
        }
        // 20 draws from 5 nodes all alike would mean the draw ignores the decision index.
        QVERIFY(winners.size() > 1);
    }

    void policySpecCanonicalForm()
    {
        QCOMPARE(PolicySpec::parse("fgd").canonical(), std::string("fgd:1000"));
        QCOMPARE(PolicySpec::parse("pwr:100,fgd:900").canonical(), std::string("pwr:100,fgd:900"));
        QCOMPARE(PolicySpec::parse("fgd:900,pwr").canonical(), std::string("fgd:900,pwr:1000"));
        // Weights need not sum to 1000, and the order is kept.
        const PolicySpec s = PolicySpec::parse("bestfit:7,random:3000");
        QCOMPARE(s.terms.size(), size_t(2));
        QCOMPARE(s.terms[0].name, std::string("bestfit"));
        QCOMPARE(s.terms[0].weight, 7);
        QCOMPARE(s.terms[1].weight, 3000);
    }

    void policySpecUsageErrors_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("empty") << "";
        QTest::newRow("unknown name") << "tetris";
        QTest::newRow("unknown second term") << "fgd,tetris:10";
        QTest::newRow("zero weight") << "fgd:0";
        QTest::newRow("negative weight") << "fgd:-100";
        QTest::newRow("empty weight") << "fgd:";
        QTest::newRow("non-numeric weight") << "fgd:abc";
        QTest::newRow("fractional weight") << "fgd:1.5";
        QTest::newRow("empty term") << "fgd,,pwr";
        QTest::newRow("trailing comma") << "fgd,";
        QTest::newRow("upper case") << "FGD";
    }

    void policySpecUsageErrors()
    {
        QFETCH(QString, spec);
        QVERIFY_THROWS_EXCEPTION(UsageError, PolicySpec::parse(spec.toStdString()));
    }

    void gpuSelectorTerm()
    {
        QCOMPARE(PolicySpec::parse("fgd").gpuSelectorTerm(), size_t(0));
        QCOMPARE(PolicySpec::parse("pwr:500,fgd:500").gpuSelectorTerm(), size_t(0));  // first of the maximum
        QCOMPARE(PolicySpec::parse("fgd:500,pwr:500").gpuSelectorTerm(), size_t(0));
        QCOMPARE(PolicySpec::parse("pwr:100,fgd:900").gpuSelectorTerm(), size_t(1));
        QCOMPARE(PolicySpec::parse("pwr:100,fgd:900,bestfit:900").gpuSelectorTerm(), size_t(1));
        QCOMPARE(PolicySpec::parse("pwr:100,fgd:200,bestfit:900").gpuSelectorTerm(), size_t(2));
    }
};

QTEST_APPLESS_MAIN(TestScorePlugins)
#include "tst_scoreplugins.moc"
