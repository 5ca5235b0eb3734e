// The PWR step power model on hand-computed nodes, and the idle/full cluster power of the
// real trace (fgd-pwr.md section 7 and its reproduction targets).
#include "support/SharedData.h"
#include "io/TraceLoader.h"
#include "power/PowerModel.h"

#include <QTest>

using namespace tessera;

class TestPowerModel : public QObject {
    Q_OBJECT

private slots:
    void gpuStepIsFullPowerForAnyShare()
    {
        const auto registry = GpuModelRegistry::builtin();
        const PowerModel model(registry);
        NodeSpec spec{"n", 32000, 1000, 4, *registry.find("T4")};
        NodeState s = NodeState::empty(spec);
        QCOMPARE(model.nodePower(spec, s).gpuWatts, 4 * 10);
        s.gpuLeft[2] = 950;  // 50 milli used puts the whole GPU at full power
        QCOMPARE(model.nodePower(spec, s).gpuWatts, 3 * 10 + 70);
    }

    void aliasesBorrowPower()
    {
        const auto registry = GpuModelRegistry::builtin();
        const PowerModel model(registry);
        NodeSpec spec{"n", 96000, 1000, 8, *registry.find("G2")};
        NodeState s = NodeState::empty(spec);
        s.gpuLeft[0] = 0;
        QCOMPARE(model.nodePower(spec, s).gpuWatts, 7 * 30 + 150);  // G2 -> A10
    }

    void cpuPackagesStep()
    {
        const auto registry = GpuModelRegistry::builtin();
        const PowerModel model(registry);
        // 96 vCPU = 48 cores = 3 packages of 16.
        NodeSpec spec{"n", 96000, 1000, 0, kNoGpuModel};
        NodeState s = NodeState::empty(spec);
        QCOMPARE(model.nodePower(spec, s).cpuWatts, 3 * 15);
        s.cpuLeft -= 2000;  // one working core wakes one package
        QCOMPARE(model.nodePower(spec, s).cpuWatts, 2 * 15 + 120);
        s.cpuLeft -= 32000;  // 17 working cores: two packages
        QCOMPARE(model.nodePower(spec, s).cpuWatts, 15 + 2 * 120);
    }

    void realClusterIdleAndFull()
    {
        TESSERA_REQUIRE_SHARED("traces/alibaba-gpu-v2023/openb_node_list_gpu_node.csv");
        LoadWarnings w;
        const Cluster c = TraceLoader::loadCluster(test::alibabaPath("openb_node_list_gpu_node.csv"), {}, {}, w);
        const PowerModel model(c.registry);
        int64_t idleCpu = 0, idleGpu = 0, fullCpu = 0, fullGpu = 0;
        for (const auto& spec : c.nodes) {
            NodeState s = NodeState::empty(spec);
            const NodePower idle = model.nodePower(spec, s);
            s.cpuLeft = 0;
            for (auto& r : s.gpuLeft)
                r = 0;
            const NodePower full = model.nodePower(spec, s);
            idleCpu += idle.cpuWatts;
            idleGpu += idle.gpuWatts;
            fullCpu += full.cpuWatts;
            fullGpu += full.gpuWatts;
        }
        QCOMPARE(idleCpu, 55665);
        QCOMPARE(idleGpu, 174435);
        QCOMPARE(fullCpu, 445320);
        QCOMPARE(fullGpu, 1028790);
    }
};

QTEST_APPLESS_MAIN(TestPowerModel)
#include "tst_powermodel.moc"
