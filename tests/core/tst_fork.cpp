// What-if forks: a fork keeps the base run's past and changes only what follows. With the
// base's own policy it must reproduce the base exactly, in both modes; with another policy
// it must share the prefix and then take its own course.
#include "support/SyntheticModels.h"

#include <QTest>

using namespace tessera;

namespace {

void compareTimelines(const SimulationResult& a, const SimulationResult& b)
{
    QCOMPARE(a.timeline.size(), b.timeline.size());
    for (size_t i = 0; i < a.timeline.size(); ++i) {
        const Step& x = a.timeline.step(i);
        const Step& y = b.timeline.step(i);
        QCOMPARE(int(x.kind), int(y.kind));
        QCOMPARE(x.pod, y.pod);
        QCOMPARE(x.placement.node, y.placement.node);
        QCOMPARE(x.placement.gpus, y.placement.gpus);
        const MetricSample& s = a.timeline.sampleAt(i + 1);
        const MetricSample& t = b.timeline.sampleAt(i + 1);
        QCOMPARE(s.fragmentScaled, t.fragmentScaled);
        QCOMPARE(s.gpuLeftMilli, t.gpuLeftMilli);
        QCOMPARE(s.cpuWatts + s.gpuWatts, t.cpuWatts + t.gpuWatts);
        QCOMPARE(s.pending, t.pending);
        QCOMPARE(s.failedTotal(), t.failedTotal());
        QCOMPARE(s.timeSeconds, t.timeSeconds);
    }
}

RunParameters parameters(const char* policy, SimulationMode mode)
{
    RunParameters p;
    p.policy = PolicySpec::parse(policy);
    p.seed = 11;
    p.mode = mode;
    return p;
}

}  // namespace

class TestFork : public QObject {
    Q_OBJECT

private slots:
    void samePolicyReproducesBase_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<QString>("policy");
        QTest::newRow("experiment fgd") << int(SimulationMode::Experiment) << "fgd";
        QTest::newRow("experiment random") << int(SimulationMode::Experiment) << "random";
        QTest::newRow("replay fgd") << int(SimulationMode::Replay) << "fgd";
        QTest::newRow("replay pwr+fgd") << int(SimulationMode::Replay) << "pwr:100,fgd:900";
    }

    void samePolicyReproducesBase()
    {
        QFETCH(int, mode);
        QFETCH(QString, policy);
        const test::SyntheticModels trace(120, 1500, 3, true);
        const PodSimulation sim(trace.models, parameters(policy.toUtf8().constData(), SimulationMode(mode)));
        const auto base = sim.run(trace.podList);
        QVERIFY2(base->timeline.size() > 300, "the run is too short to fork at several points");
        for (size_t position : {size_t(0), size_t(1), base->timeline.size() / 3, base->timeline.size() - 1,
                                base->timeline.size()}) {
            const auto forked = sim.fork(*base, position);
            compareTimelines(*base, *forked);
        }
    }

    void otherPolicySharesPrefixThenDiverges()
    {
        const test::SyntheticModels trace(120, 1500, 3, true);
        const auto base = trace.simulate(parameters("fgd", SimulationMode::Experiment));
        const size_t position = base->timeline.size() / 2;
        const auto forked =
            PodSimulation(trace.models, parameters("random", SimulationMode::Experiment)).fork(*base, position);
        QCOMPARE(forked->parameters.policy.canonical(), std::string("random:1000"));
        QCOMPARE(forked->timeline.size(), base->timeline.size());
        for (size_t i = 0; i < position; ++i)
            QCOMPARE(forked->timeline.step(i).placement.node, base->timeline.step(i).placement.node);
        size_t differing = 0;
        for (size_t i = position; i < base->timeline.size(); ++i)
            differing += forked->timeline.step(i).placement.node != base->timeline.step(i).placement.node;
        QVERIFY2(differing > 0, "a fork with another policy placed every later pod like the base");
    }
};

QTEST_APPLESS_MAIN(TestFork)
#include "tst_fork.moc"
