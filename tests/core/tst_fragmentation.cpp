// The fragmentation measure of fgd-pwr.md 3.2-3.3 class by class, its weighting by the
// target workload, and the target workload itself (3.1) on hand-made pods and on the real
// default trace.
#include "support/ClusterBuilder.h"
#include "support/SharedData.h"
#include "frag/FragmentationModel.h"
#include "frag/TypicalWorkload.h"
#include "io/TraceLoader.h"

#include <QTest>

#include <fmt/format.h>

using namespace tessera;
using tessera::test::ClusterBuilder;

namespace {

TaskType taskType(int32_t c, int32_t d, int k, uint64_t specMask = 0)
{
    TaskType t;
    t.cpuMilli = c;
    t.gpuMilli = d;
    t.gpuCount = k;
    t.specMask = specMask;
    return t;
}

// c, d, k, T of one kept task type, for comparing against a written-out key.
struct Key {
    int32_t c;
    int32_t d;
    int k;
    std::string spec;
    bool operator==(const Key&) const = default;
};

Key keyOf(const TaskType& t) { return {t.cpuMilli, t.gpuMilli, t.gpuCount, t.spec}; }

// QCOMPARE prints a Key through this (found by argument-dependent lookup).
char* toString(const Key& k)
{
    return QTest::toString(
        QString("(%1, %2, %3, \"%4\")").arg(k.c).arg(k.d).arg(k.k).arg(QString::fromStdString(k.spec)));
}

}  // namespace

class TestFragmentation : public QObject {
    Q_OBJECT

private:
    // One T4 node with 4 GPUs, R = [1000, 600, 300, 0] (U = 1900) and 8000 milli CPU free.
    struct Fixture {
        ClusterBuilder b;
        size_t node = 0;
        size_t cpuOnly = 0;
        Fixture()
        {
            node = b.addNode("n", 16000, 4, "T4");
            cpuOnly = b.addNode("cpu", 16000, 0);
            b.build();
            b.setNode(node, {1000, 600, 300, 0}, 8000);
        }
        int32_t fragment(const TaskType& m)
        {
            return FragmentationModel::taskFragment(b.cluster().nodes[node], b.state().state(node), m);
        }
    };

private slots:
    void q3CountsOnlyGpusBelowDemand()
    {
        Fixture f;
        // Q3 (fits GPU and CPU): sum of R[g] < d_m. d 500: 300 + 0 = 300
        QCOMPARE(f.fragment(taskType(1000, 500, 1)), 300);
        QCOMPARE(f.fragment(taskType(1000, 500, 2)), 300);  // two GPUs with R >= 500: still Q3
        // R = 600 exactly fits d 600 and is not fragment: 300 + 0 = 300; d 601 -> 600 + 300 + 0 = 900
        QCOMPARE(f.fragment(taskType(1000, 600, 1)), 300);
        QCOMPARE(f.fragment(taskType(1000, 601, 1)), 900);
        // CPU exactly enough (cpuLeft 8000 >= c 8000) is still Q3
        QCOMPARE(f.fragment(taskType(8000, 500, 1)), 300);
    }

    void q3WholeGpuCountsPartlyUsedGpus()
    {
        Fixture f;
        // d = 1000 in Q3: every partly used GPU is fragment: 600 + 300 + 0 = 900
        QCOMPARE(f.fragment(taskType(1000, 1000, 1)), 900);
    }

    void otherClassesCountAllFreeGpu()
    {
        Fixture f;
        // Q4: GPU fits, CPU does not (8001 > 8000): U = 1900
        QCOMPARE(f.fragment(taskType(8001, 500, 1)), 1900);
        // Q2: CPU fits, GPU does not (one fully free GPU for k = 2): 1900
        QCOMPARE(f.fragment(taskType(1000, 1000, 2)), 1900);
        // Q1: neither: 1900
        QCOMPARE(f.fragment(taskType(9000, 1000, 2)), 1900);
        // XL: a CPU-only type that fits: all free GPU is fragment, 1900
        QCOMPARE(f.fragment(taskType(1000, 0, 0)), 1900);
        // XR: a CPU-only type that does not fit: 1900
        QCOMPARE(f.fragment(taskType(9000, 0, 0)), 1900);
    }

    void modelMismatchIsNotAccessible()
    {
        Fixture f;
        const uint64_t v100 = uint64_t(1) << f.b.modelId("V100M16");
        const uint64_t t4 = uint64_t(1) << f.b.modelId("T4");
        // NA: the type may not use T4, so all 1900 is fragment, where Q3 would give 300
        QCOMPARE(f.fragment(taskType(1000, 500, 1, v100)), 1900);
        // a spec that includes T4 is accessible: Q3 again, 300
        QCOMPARE(f.fragment(taskType(1000, 500, 1, v100 | t4)), 300);
    }

    void nodeWithoutGpusHasNoFragment()
    {
        Fixture f;
        const NodeSpec& spec = f.b.cluster().nodes[f.cpuOnly];
        const NodeState& s = f.b.state().state(f.cpuOnly);
        // G = 0: NA for a GPU type and XL for a CPU-only one, and U = 0 either way
        QCOMPARE(FragmentationModel::taskFragment(spec, s, taskType(1000, 500, 1)), 0);
        QCOMPARE(FragmentationModel::taskFragment(spec, s, taskType(1000, 0, 0)), 0);
    }

    void emptyNodeIsAllFragmentForCpuTypes()
    {
        ClusterBuilder b;
        const size_t n = b.addNode("n", 16000, 4, "T4");
        b.build();
        const NodeSpec& spec = b.cluster().nodes[n];
        const NodeState& s = b.state().state(n);
        QCOMPARE(FragmentationModel::taskFragment(spec, s, taskType(1000, 0, 0)), 4000);  // XL: U = 4000
        QCOMPARE(FragmentationModel::taskFragment(spec, s, taskType(1000, 1000, 4)), 0);  // Q3, no partial GPU
    }

    void nodeFragmentIsWeightedByPopularity()
    {
        ClusterBuilder b;
        const size_t used = b.addNode("used", 16000, 4, "T4");
        const size_t empty = b.addNode("empty", 16000, 4, "T4");
        // M: A = (1000, 500, 1) x 6, B = (2000, CPU-only) x 3, C = (1000, 1000, 1) x 1. N = 10,
        // 95% = 9.5: A, B reach 9 < 9.5, so C is kept too; scale = 10 covered pods.
        std::vector<PodSpec> pods;
        for (int i = 0; i < 6; ++i)
            pods.push_back(b.pod(fmt::format("a{}", i), 1000, 1, 500));
        for (int i = 0; i < 3; ++i)
            pods.push_back(b.pod(fmt::format("b{}", i), 2000));
        pods.push_back(b.pod("c", 1000, 1, 1000));
        const ClusterState& s = b.build(pods);
        b.setNode(used, {1000, 600, 300, 0}, 8000);
        const FragmentationModel& m = b.fragmentation();
        QCOMPARE(m.workload().types().size(), size_t(3));
        QCOMPARE(m.scale(), 10);

        // used: F(A) = 300, F(B) = 1900, F(C) = 900 -> 6 x 300 + 3 x 1900 + 1 x 900 = 8400 (x 1/10 = 840 milli)
        QCOMPARE(m.nodeFragmentScaled(b.cluster().nodes[used], s.state(used)), 8400);
        QCOMPARE(m.toMilli(8400), 840.0);
        // empty: F(A) = 0, F(B) = 4000, F(C) = 0 -> 3 x 4000 = 12000
        QCOMPARE(m.nodeFragmentScaled(b.cluster().nodes[empty], s.state(empty)), 12000);
        // the cluster state keeps the same figures per node and in its running total
        QCOMPARE(s.summary(used).fragmentScaled, 8400);
        QCOMPARE(s.summary(empty).fragmentScaled, 12000);
        QCOMPARE(s.totals().fragmentScaled, 8400 + 12000);
        QCOMPARE(s.totals().gpuLeft, 1900 + 4000);
    }

    void typicalWorkloadOrderAndCut()
    {
        ClusterBuilder b;
        b.addNode("n", 16000, 4, "T4");
        std::vector<PodSpec> pods;
        auto add = [&](int count, int32_t c, int32_t d, int k, std::string_view spec) {
            for (int i = 0; i < count; ++i) {
                PodSpec p = b.pod(fmt::format("p{}", pods.size()), c, k, d, spec);
                p.memoryMib = 1000 * int64_t(pods.size());  // memory is not part of the key
                pods.push_back(std::move(p));
            }
        };
        add(8, 1000, 500, 1, "");      // A
        add(4, 2000, 0, 0, "");        // B: ties with C at 4; larger c first
        add(4, 1000, 1000, 1, "");     // C
        add(3, 500, 1000, 2, "");      // D
        add(1, 800, 1000, 1, "T4");    // E: ties with F at 1; "T4" > "" first
        add(1, 800, 1000, 1, "");      // F
        // N = 21, 95% = 19.95. Cumulative 8, 12, 16, 19 (< 19.95), then E crosses to 20: kept.
        const TypicalWorkload w = TypicalWorkload::fromPods(pods);
        QCOMPARE(w.distinctKeys(), 6);
        QCOMPARE(w.types().size(), size_t(5));
        QCOMPARE(w.coveredPods(), 20);
        QCOMPARE(keyOf(w.types()[0]), (Key{1000, 500, 1, ""}));
        QCOMPARE(keyOf(w.types()[1]), (Key{2000, 0, 0, ""}));
        QCOMPARE(keyOf(w.types()[2]), (Key{1000, 1000, 1, ""}));
        QCOMPARE(keyOf(w.types()[3]), (Key{500, 1000, 2, ""}));
        QCOMPARE(keyOf(w.types()[4]), (Key{800, 1000, 1, "T4"}));
        QCOMPARE(w.types()[0].count, 8);
        QCOMPARE(w.types()[0].popularity, 8.0 / 20.0);  // renormalised over the kept 20
        QCOMPARE(w.types()[4].popularity, 1.0 / 20.0);
        QCOMPARE(w.types()[4].specMask, uint64_t(1) << b.modelId("T4"));

        // Reaching 95% exactly also stops the cut: without F and E's pod (N = 20, 95% = 19),
        // A..D reach 19 and nothing more is kept.
        std::vector<PodSpec> twenty(pods.begin(), pods.begin() + 19);
        twenty.push_back(b.pod("lone", 100, 0, 0));
        const TypicalWorkload exact = TypicalWorkload::fromPods(twenty);
        QCOMPARE(exact.distinctKeys(), 5);
        QCOMPARE(exact.types().size(), size_t(4));
        QCOMPARE(exact.coveredPods(), 19);

        // At 50% (10.5 of 21): A reaches 8 < 10.5, B crosses to 12 and is the last kept.
        const TypicalWorkload half = TypicalWorkload::fromPods(pods, 0.5);
        QCOMPARE(half.types().size(), size_t(2));
        QCOMPARE(half.coveredPods(), 12);
        QCOMPARE(half.types()[1].popularity, 4.0 / 12.0);
    }

    void typicalWorkloadTiesAtEveryKeyLevel()
    {
        ClusterBuilder b;
        // One pod each: the order is the reverse of lexicographic (c, d, k, T).
        const std::vector<PodSpec> pods{b.pod("w", 1000, 1, 500), b.pod("x", 1000, 1, 1000),
                                        b.pod("y", 1000, 2, 1000), b.pod("z", 2000)};
        const TypicalWorkload w = TypicalWorkload::fromPods(pods, 1.0);
        QCOMPARE(w.types().size(), size_t(4));
        QCOMPARE(keyOf(w.types()[0]), (Key{2000, 0, 0, ""}));     // largest c
        QCOMPARE(keyOf(w.types()[1]), (Key{1000, 1000, 2, ""}));  // then larger d, then larger k
        QCOMPARE(keyOf(w.types()[2]), (Key{1000, 1000, 1, ""}));
        QCOMPARE(keyOf(w.types()[3]), (Key{1000, 500, 1, ""}));
    }

    void realDefaultTrace()
    {
        TESSERA_REQUIRE_SHARED("traces/alibaba-gpu-v2023/openb_pod_list_default.csv");
        const GpuModelRegistry registry = GpuModelRegistry::builtin();
        LoadWarnings warnings;
        const PodList pods = TraceLoader::loadPods(test::alibabaPath("openb_pod_list_default.csv"), registry, {},
                                                   warnings);
        const TypicalWorkload w = TypicalWorkload::fromPods(pods.pods);
        // fgd-pwr.md 3.1 and its reproduction targets
        QCOMPARE(w.distinctKeys(), 91);
        QCOMPARE(w.types().size(), size_t(35));
        QCOMPARE(w.coveredPods(), 7766);
        QCOMPARE(keyOf(w.types()[0]), (Key{3152, 810, 1, ""}));
        QCOMPARE(w.types()[0].count, 1047);
        QCOMPARE(w.types()[0].popularity, 1047.0 / 7766.0);
        const std::vector<std::pair<Key, int>> top{
            {{11300, 1000, 1, ""}, 874}, {{11400, 1000, 1, ""}, 599}, {{3152, 1000, 1, ""}, 470},
            {{11908, 470, 1, ""}, 388}, {{12500, 0, 0, ""}, 366}, {{8000, 470, 1, ""}, 360},
            {{12000, 1000, 1, ""}, 326}};
        for (size_t i = 0; i < top.size(); ++i) {
            QCOMPARE(keyOf(w.types()[i + 1]), top[i].first);
            QCOMPARE(w.types()[i + 1].count, top[i].second);
        }
    }
};

QTEST_APPLESS_MAIN(TestFragmentation)
#include "tst_fragmentation.moc"
