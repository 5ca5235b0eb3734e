// Issue 16: a run's timeline holds a bounded number of bytes per decision, whatever the
// cluster's size, and scrubbing it still restores every recorded state (tst_snapshot tours it).
#include "support/SyntheticModels.h"
#include "sim/PodSimulation.h"
#include "util/Rng.h"

#include <limits>

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
    // could hold twice their size. The bound is 128.
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

    // SampleLog stores any sequence exactly: small steps as differences, and blocks with a
    // difference too wide for its field (a replay's long gap, a huge fragment) whole.
    void sampleLogIsExact()
    {
        Rng rng(11);
        std::vector<MetricSample> samples;
        MetricSample s;
        for (size_t i = 0; i < 1000; ++i) {
            s.timeSeconds += int64_t(rng.below(5));
            s.arrivedMilli += int64_t(rng.below(8000));
            s.gpuLeftMilli -= int64_t(rng.below(8000)) - 2000;
            s.fragmentScaled += int64_t(rng.below(1'000'000'000)) * 7 - 3'000'000'000;
            s.cpuWatts += int64_t(rng.below(600)) - 300;
            s.gpuWatts += int64_t(rng.below(3000)) - 1000;
            s.usedNodes += int32_t(rng.below(3)) - 1;
            s.usedGpus += int32_t(rng.below(17)) - 8;
            s.pending += int32_t(rng.below(3)) - 1;
            ++s.failedByClass[rng.below(kPodClassCount)];
            if (i == 300)
                s.timeSeconds += int64_t(std::numeric_limits<int32_t>::max()) * 3;  // block 4 kept whole
            if (i == 700)
                s.failedByClass[2] = -5'000;  // and block 10
            samples.push_back(s);
        }
        SampleLog log;
        for (const MetricSample& m : samples)
            log.push_back(m);
        QCOMPARE(log.size(), samples.size());
        const auto same = [](const MetricSample& a, const MetricSample& b) {
            return a.timeSeconds == b.timeSeconds && a.arrivedMilli == b.arrivedMilli && a.gpuLeftMilli == b.gpuLeftMilli
                && a.fragmentScaled == b.fragmentScaled && a.cpuWatts == b.cpuWatts && a.gpuWatts == b.gpuWatts
                && a.usedNodes == b.usedNodes && a.usedGpus == b.usedGpus && a.pending == b.pending
                && a.failedByClass == b.failedByClass;
        };
        for (size_t i = 0; i < samples.size(); ++i)
            QVERIFY2(same(log[i], samples[i]), qPrintable(QString::number(i)));
        SampleLog prefix;
        prefix.assignPrefix(log, 333);
        QCOMPARE(prefix.size(), size_t(333));
        for (size_t i = 0; i < prefix.size(); ++i)
            QVERIFY(same(prefix[i], samples[i]));
        // Two whole blocks of 64 cost 88 bytes a sample; the rest 40.
        QVERIFY(log.memoryBytes() < samples.size() * 48 + 2 * 64 * sizeof(MetricSample));
    }
};

QTEST_APPLESS_MAIN(TestTimelineMemory)
#include "tst_timelinememory.moc"
