// Snapshot/restore round trip: after a run, Timeline::seek must put a ClusterState into
// exactly the state that re-applying steps 0..k-1 from the empty cluster gives, whether it
// moves forwards, backwards or jumps across checkpoints, in experiment and in replay mode.
#include "support/SyntheticModels.h"

#include <QTest>

#include <fmt/format.h>

#include <algorithm>
#include <map>

using namespace tessera;

namespace {

struct Snapshot {
    std::vector<NodeState> states;
    ClusterTotals totals;
};

// The reference: each step re-applied from its pod and placement alone (not from the node
// changes the timeline recorded), in one forward pass, kept at the requested positions.
std::map<size_t, Snapshot> replayStraight(const SimulationResult& run, const TraceModels& models,
                                          const std::vector<size_t>& positions)
{
    std::map<size_t, Snapshot> wanted;
    for (size_t p : positions)
        wanted[p];
    ClusterState state(models.cluster, models.fragmentation, models.power);
    auto keep = [&](size_t position) {
        if (auto it = wanted.find(position); it != wanted.end())
            it->second = Snapshot{state.states(), state.totals()};
    };
    keep(0);
    for (size_t i = 0; i < run.timeline.size(); ++i) {
        const Step& step = run.timeline.step(i);
        const PodSpec& pod = run.sequence.at(step.pod);
        const bool arrives = step.kind == StepKind::Arrival || step.kind == StepKind::Retry;
        if ((arrives && step.placement.placed()) || step.kind == StepKind::Departure) {
            const uint32_t node = uint32_t(step.placement.node);
            NodeState s = state.state(node);
            applyPod(s, pod, step.placement.gpus, arrives ? -1 : +1);
            state.setNode(node, s);
        }
        keep(i + 1);
    }
    return wanted;
}

QByteArray differences(const ClusterState& got, const Snapshot& want, const MetricSample& sample, size_t position)
{
    std::string out;
    for (size_t n = 0; n < got.nodeCount(); ++n)
        if (!(got.state(n) == want.states[n])) {
            out += fmt::format("node {} differs; ", n);
            break;
        }
    const ClusterTotals& g = got.totals();
    const ClusterTotals& w = want.totals;
    if (g.gpuLeft != w.gpuLeft || g.fragmentScaled != w.fragmentScaled || g.cpuWatts != w.cpuWatts
        || g.gpuWatts != w.gpuWatts || g.usedNodes != w.usedNodes || g.usedGpus != w.usedGpus)
        out += "totals differ; ";
    // The metrics logged at that step describe the same state.
    if (sample.gpuLeftMilli != w.gpuLeft || sample.fragmentScaled != w.fragmentScaled
        || sample.cpuWatts != w.cpuWatts || sample.gpuWatts != w.gpuWatts || sample.usedNodes != w.usedNodes
        || sample.usedGpus != w.usedGpus)
        out += "logged sample differs; ";
    if (!out.empty())
        out = fmt::format("at position {}: {}", position, out);
    return QByteArray::fromStdString(out);
}

// Forwards in small and large steps, backwards, far jumps across several checkpoints both
// ways, the ends, the checkpoint boundaries, and random positions.
std::vector<size_t> tour(size_t size, size_t c)
{
    std::vector<size_t> path{0,         1,     2,         3,     100,       c - 1,    c,     c + 1,
                             c + c / 2, 2 * c, 2 * c + 1, size,  size - 1,  c + 1,    c,     c - 1,
                             1,         0,     size,      5,     3 * c / 2, size / 2, 2 * c - 1, 0};
    Rng rng(99);
    for (int i = 0; i < 40; ++i)
        path.push_back(size_t(rng.below(size + 1)));
    for (size_t p = 0; p <= size; p += 97)  // a forward sweep
        path.push_back(p);
    for (size_t p = size + 1; p-- > 0;)      // and a backward one, partly
        if (p % 311 == 0)
            path.push_back(p);
    for (auto& p : path)
        p = std::min(p, size);
    return path;
}

void checkRoundTrips(const SimulationResult& run, const TraceModels& models)
{
    const size_t size = run.timeline.size();
    const std::vector<size_t> path = tour(size, run.timeline.checkpointInterval());
    const auto reference = replayStraight(run, models, path);

    // One cursor walking the whole tour, each seek starting where the last one ended.
    ClusterState cursor(models.cluster, models.fragmentation, models.power);
    size_t at = 0;
    for (size_t to : path) {
        run.timeline.seek(cursor, at, to);
        at = to;
        const QByteArray d = differences(cursor, reference.at(to), run.timeline.sampleAt(to), to);
        QVERIFY2(d.isEmpty(), d.constData());
    }
    // A fresh state seeked straight from the empty cluster to each position.
    for (size_t to : path) {
        ClusterState fresh(models.cluster, models.fragmentation, models.power);
        run.timeline.seek(fresh, 0, to);
        const QByteArray d = differences(fresh, reference.at(to), run.timeline.sampleAt(to), to);
        QVERIFY2(d.isEmpty(), d.constData());
    }
}

size_t countSteps(const SimulationResult& run, StepKind kind)
{
    size_t count = 0;
    for (size_t i = 0; i < run.timeline.size(); ++i)
        count += run.timeline.step(i).kind == kind;
    return count;
}

}  // namespace

class TestSnapshot : public QObject {
    Q_OBJECT

private slots:
    void experimentRoundTrip()
    {
        // Large enough that the run has more than two checkpoints after the initial one.
        const test::SyntheticModels trace(800, 3000, 21, false);
        // Tune 3: checkpoints come every 4 x 800 steps, and the run passes more than two of them.
        const auto run = trace.simulate({.policy = PolicySpec::parse("pwr:100,fgd:900"), .seed = 42, .tune = 3.0});
        QVERIFY2(run->timeline.size() > 2 * run->timeline.checkpointInterval() + 100,
                 qPrintable(QString::number(run->timeline.size())));
        QVERIFY(run->timeline.sampleAt(run->timeline.size()).failedTotal() > 0);  // saturated: steps without change
        checkRoundTrips(*run, trace.models);
    }

    void replayRoundTripWithDepartures()
    {
        // A congested replay: departures, retries from the pending queue and expiries all occur.
        const test::SyntheticModels trace(24, 3000, 8, true);
        const TraceModels& models = trace.models;
        const auto run =
            trace.simulate({.policy = PolicySpec::parse("fgd"), .seed = 7, .mode = SimulationMode::Replay});
        QVERIFY(run->timeline.size() > 2 * run->timeline.checkpointInterval());
        QVERIFY(countSteps(*run, StepKind::Departure) > 1000);
        QVERIFY(countSteps(*run, StepKind::Retry) > 0);
        QVERIFY(countSteps(*run, StepKind::Expiry) > 0);
        checkRoundTrips(*run, models);
        // At the end every placed pod with a deletion time has departed, once, and only the
        // placed pods that never depart still hold GPU.
        size_t departing = 0;
        int64_t heldMilli = 0;
        for (size_t i = 0; i < run->timeline.size(); ++i) {
            const Step s = run->timeline.step(i);
            const PodSpec& pod = run->sequence[s.pod];
            if ((s.kind == StepKind::Arrival || s.kind == StepKind::Retry) && s.placement.placed()) {
                if (pod.deletionTime)
                    ++departing;
                else
                    heldMilli += pod.totalGpuMilli();
            }
        }
        QCOMPARE(countSteps(*run, StepKind::Departure), departing);
        QVERIFY(heldMilli > 0);
        ClusterState end(models.cluster, models.fragmentation, models.power);
        run->timeline.seek(end, 0, run->timeline.size());
        QCOMPARE(end.gpuCapacityMilli() - end.totals().gpuLeft, heldMilli);
    }
};

QTEST_APPLESS_MAIN(TestSnapshot)
#include "tst_snapshot.moc"
