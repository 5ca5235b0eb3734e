// Issue 16: a run's timeline holds a bounded number of bytes per decision, whatever the
// cluster's size, and scrubbing it still restores every recorded state (tst_snapshot tours it).
#include "support/SyntheticModels.h"
#include "sim/PodSimulation.h"

#include <QtTest>

using namespace tessera;

namespace {

double bytesPerDecision(const SimulationResult& run)
{
    return double(run.timeline.memoryBytes()) / double(run.timeline.size());
}

}  // namespace

class TestTimelineMemory : public QObject {
    Q_OBJECT

private slots:
    // The former layout kept each step's node state before and after (120 bytes), a 24-byte
    // step and an 88-byte sample (232 bytes), plus a copy of every node's state every 2,048
    // steps: 56 x 4,000 / 2,048 = 109 bytes per step on this cluster, 341 in all, in vectors that
    // could hold twice their size. The bound is 176.
    void boundedOnALargeCluster()
    {
        const test::SyntheticModels trace(4000, 2000, 3, false);
        const auto run = trace.simulate({.policy = PolicySpec::parse("random"), .seed = 1});
        QVERIFY(run->timeline.size() >= 20000);
        QVERIFY(run->timeline.checkpointInterval() >= 4 * 4000);
        const double perDecision = bytesPerDecision(*run);
        QVERIFY2(perDecision <= double(Timeline::kMaxBytesPerDecision),
                 qPrintable(QStringLiteral("%1 bytes per decision").arg(perDecision)));
    }

    // A replay adds departures, retries and expiries: steps with and without node moves.
    void boundedInAReplay()
    {
        const test::SyntheticModels trace(24, 12000, 8, true);
        const auto run =
            trace.simulate({.policy = PolicySpec::parse("bestfit"), .seed = 7, .mode = SimulationMode::Replay});
        QVERIFY(run->timeline.size() > 12000);
        const double perDecision = bytesPerDecision(*run);
        QVERIFY2(perDecision <= double(Timeline::kMaxBytesPerDecision),
                 qPrintable(QStringLiteral("%1 bytes per decision").arg(perDecision)));
    }

    // Memory grows with decisions only: twice the tune on the same cluster, about twice the bytes
    // (not more: nothing grows with decisions x nodes).
    void linearInDecisions()
    {
        const test::SyntheticModels trace(3000, 2000, 5, false);
        const auto a = trace.simulate({.policy = PolicySpec::parse("random"), .seed = 2, .tune = 0.6});
        const auto b = trace.simulate({.policy = PolicySpec::parse("random"), .seed = 2, .tune = 1.2});
        QVERIFY2(b->timeline.size() >= 2 * a->timeline.size() - 100,
                 qPrintable(QStringLiteral("%1 %2").arg(a->timeline.size()).arg(b->timeline.size())));
        const double ratio = double(b->timeline.memoryBytes()) / double(a->timeline.memoryBytes());
        const double decisions = double(b->timeline.size()) / double(a->timeline.size());
        QVERIFY2(ratio <= decisions * 1.1, qPrintable(QStringLiteral("memory x%1 for decisions x%2").arg(ratio).arg(decisions)));
    }

    // A fork shares the base's past and keeps the same bound.
    void boundedAfterAFork()
    {
        const test::SyntheticModels trace(3000, 2000, 9, false);
        const auto base = trace.simulate({.policy = PolicySpec::parse("random"), .seed = 4});
        const auto fork = PodSimulation(trace.models, {.policy = PolicySpec::parse("dotproduct"), .seed = 4})
                              .fork(*base, base->timeline.size() / 2);
        QCOMPARE(fork->timeline.size(), base->timeline.size());
        QCOMPARE(fork->timeline.checkpointInterval(), base->timeline.checkpointInterval());
        QVERIFY2(bytesPerDecision(*fork) <= double(Timeline::kMaxBytesPerDecision),
                 qPrintable(QStringLiteral("%1 bytes per decision over %2, base %3")
                                .arg(bytesPerDecision(*fork)).arg(fork->timeline.size()).arg(bytesPerDecision(*base))));
    }
};

QTEST_APPLESS_MAIN(TestTimelineMemory)
#include "tst_timelinememory.moc"
