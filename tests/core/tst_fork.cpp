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

// The steps from `from` on that were scheduling decisions (an arrival or a retry).
uint64_t decisionsFrom(const SimulationResult& run, size_t from)
{
    uint64_t decisions = 0;
    for (size_t i = from; i < run.timeline.size(); ++i)
        decisions += run.timeline.step(i).kind == StepKind::Arrival || run.timeline.step(i).kind == StepKind::Retry;
    return decisions;
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

    // Issue 16: a fork scheduled with the argmax index (the default engine) places every pod as
    // the same fork with the full scan, wherever it forks, in both modes; and the index did
    // answer (it did not hand the fork over to the scan).
    void forkWithTheIndexEqualsForkWithTheScan_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<QString>("policy");
        for (const SimulationMode mode : {SimulationMode::Experiment, SimulationMode::Replay})
            for (const char* policy : {"fgd", "bestfit", "pwr", "dotproduct", "gpuclustering", "gpupacking",
                                       "pwr:100,fgd:900"})
                QTest::addRow("%s %s", modeName(mode).data(), policy) << int(mode) << QString(policy);
    }

    void forkWithTheIndexEqualsForkWithTheScan()
    {
        QFETCH(int, mode);
        QFETCH(QString, policy);
        const test::SyntheticModels trace(120, 1500, 3, true);
        const auto base = trace.simulate(parameters("fgd", SimulationMode(mode)));
        const RunParameters forkParameters = parameters(policy.toUtf8().constData(), SimulationMode(mode));
        PodSimulation indexed(trace.models, forkParameters), scanned(trace.models, forkParameters);
        indexed.setEngine(SchedulerEngine::Index);
        scanned.setEngine(SchedulerEngine::Scan);
        for (size_t position : {size_t(0), base->timeline.size() / 3, 2 * base->timeline.size() / 3}) {
            const auto a = indexed.fork(*base, position), b = scanned.fork(*base, position);
            compareTimelines(*a, *b);
            QVERIFY(!a->indexGaveUp);
            QVERIFY(decisionsFrom(*a, position) > 100);
            QCOMPARE(a->indexedDecisions, decisionsFrom(*a, position));
            QCOMPARE(b->indexedDecisions, uint64_t(0));
        }
    }

    // A fork shares its base's record up to the fork point rather than copying it (issue 16:
    // memory at scale), and the base stays as it was while the fork goes its own way.
    void aForkSharesItsBasesPastAndLeavesTheBaseAlone()
    {
        const test::SyntheticModels trace(1400, 4000, 3, false);
        const auto base = trace.simulate(parameters("fgd", SimulationMode::Experiment));
        QVERIFY2(base->timeline.size() >= 6000, qPrintable(QString::number(base->timeline.size())));
        const size_t position = base->timeline.size() - 777;  // inside a block of steps and samples
        const auto forked =
            PodSimulation(trace.models, parameters("random", SimulationMode::Experiment)).fork(*base, position);
        const double shared = double(forked->timeline.sharedBytes(base->timeline));
        const double own = double(forked->timeline.memoryBytes()) - shared;
        QVERIFY2(shared > 0.6 * double(base->timeline.memoryBytes()),
                 qPrintable(QStringLiteral("the fork shares %1 of the base's %2 bytes")
                                .arg(shared)
                                .arg(base->timeline.memoryBytes())));
        QVERIFY2(own < 0.4 * double(base->timeline.memoryBytes()),
                 qPrintable(QStringLiteral("the fork holds %1 bytes of its own").arg(own)));
        compareTimelines(*base, *trace.simulate(parameters("fgd", SimulationMode::Experiment)));
        for (size_t i = 0; i < position; ++i)
            QCOMPARE(forked->timeline.step(i).placement.node, base->timeline.step(i).placement.node);
    }
};

QTEST_APPLESS_MAIN(TestFork)
#include "tst_fork.moc"
