#include "sim/PodSimulation.h"

#include "sched/FeasibilityFilter.h"
#include "sim/ExperimentWorkload.h"
#include "sim/ShapeTable.h"

#include <algorithm>
#include <deque>
#include <list>
#include <queue>

namespace tessera {

std::string_view modeName(SimulationMode mode)
{
    return mode == SimulationMode::Experiment ? "experiment" : "replay";
}

TraceModels::TraceModels(const Cluster& c, const std::vector<PodSpec>& originalPods, CpuProfile cpu)
    : cluster(c), fragmentation(TypicalWorkload::fromPods(originalPods)), power(c.registry, cpu)
{
}

namespace {

constexpr size_t kProgressEvery = 512;

// The run's counters and the one way cluster state changes: through the timeline.
class StepRecorder {
public:
    StepRecorder(ClusterState& state, Timeline& timeline) : state_(state), timeline_(timeline)
    {
        timeline_.begin(state_, sample(0));
    }

    void move(const PodSpec& pod, uint32_t node, GpuMask gpus, int sign)
    {
        const NodeState before = state_.state(node);
        NodeState after = before;
        applyPod(after, pod, gpus, sign);
        timeline_.addChange(node, before, after);
        state_.setNode(node, after);
    }

    void end(StepKind kind, uint32_t pod, Placement placement, int64_t time)
    {
        timeline_.endStep(Step{kind, pod, placement, 0, 0}, sample(time), state_);
    }

    MetricSample sample(int64_t time) const
    {
        const ClusterTotals& t = state_.totals();
        MetricSample s;
        s.timeSeconds = time;
        s.arrivedMilli = arrivedMilli;
        s.gpuLeftMilli = t.gpuLeft;
        s.fragmentScaled = t.fragmentScaled;
        s.cpuWatts = t.cpuWatts;
        s.gpuWatts = t.gpuWatts;
        s.usedNodes = t.usedNodes;
        s.usedGpus = t.usedGpus;
        s.pending = pending;
        s.failedByClass = failed;
        return s;
    }

    int64_t arrivedMilli = 0;
    int32_t pending = 0;
    std::array<int32_t, kPodClassCount> failed{};

private:
    ClusterState& state_;
    Timeline& timeline_;
};

bool report(const ProgressCallback& progress, size_t done, size_t total)
{
    if (!progress || done % kProgressEvery != 0)
        return true;
    return progress(total ? double(done) / double(total) : 1.0);
}

}  // namespace

PodSimulation::PodSimulation(const TraceModels& models, RunParameters parameters)
    : models_(models), parameters_(std::move(parameters))
{
}

std::unique_ptr<SimulationResult> PodSimulation::run(const PodList& pods, const ProgressCallback& progress) const
{
    auto result = std::make_unique<SimulationResult>();
    result->parameters = parameters_;
    result->fragmentScale = models_.fragmentation.scale();
    ClusterState state(models_.cluster, models_.fragmentation, models_.power);
    result->capacityMilli = state.gpuCapacityMilli();
    Scheduler scheduler(parameters_.policy,
                        makeTieOrder(models_.cluster.nodes, parameters_.tieOrder, parameters_.seed),
                        parameters_.seed);
    scheduler.setScoreCaching(scoreCaching_);
    if (parameters_.mode == SimulationMode::Experiment) {
        result->sequence = ExperimentWorkload::build(pods.pods, parameters_.seed, parameters_.tune,
                                                     state.gpuCapacityMilli());
        runExperiment(*result, state, scheduler, progress);
    } else {
        result->sequence = pods.pods;
        std::stable_sort(result->sequence.begin(), result->sequence.end(), [](const PodSpec& a, const PodSpec& b) {
            return a.creationTime.value_or(0) < b.creationTime.value_or(0);
        });
        runReplay(*result, state, scheduler, progress);
    }
    if (progress)
        progress(1.0);
    return result;
}

void PodSimulation::runExperiment(SimulationResult& result, ClusterState& state, Scheduler& scheduler,
                                  const ProgressCallback& progress) const
{
    const auto& sequence = result.sequence;
    const ShapeTable shapes(sequence);
    StepRecorder recorder(state, result.timeline);
    for (size_t i = 0; i < sequence.size(); ++i) {
        const PodSpec& pod = sequence[i];
        recorder.arrivedMilli += pod.totalGpuMilli();
        const Placement placement = scheduler.decide(state, pod, shapes.shapeOf(i), i);
        if (placement.placed())
            recorder.move(pod, uint32_t(placement.node), placement.gpus, -1);
        else
            ++recorder.failed[size_t(pod.podClass())];
        recorder.end(StepKind::Arrival, uint32_t(i), placement, 0);
        if (!report(progress, i + 1, sequence.size()))
            throw CancelledError();
    }
}

void PodSimulation::runReplay(SimulationResult& result, ClusterState& state, Scheduler& scheduler,
                              const ProgressCallback& progress) const
{
    // Departures and expiries in time order; at equal times departures go first, so that
    // a pod arriving at the moment another leaves can use its place.
    enum EventKind : int { Departure = 0, Expiry = 1 };
    using Event = std::tuple<int64_t, int, uint32_t>;  // time, kind, pod
    std::priority_queue<Event, std::vector<Event>, std::greater<>> events;

    const auto& sequence = result.sequence;
    const ShapeTable shapes(sequence);
    StepRecorder recorder(state, result.timeline);
    std::vector<Placement> placed(sequence.size());
    std::list<uint32_t> pendingQueue;
    std::vector<std::list<uint32_t>::iterator> pendingAt(sequence.size(), pendingQueue.end());
    uint64_t decision = 0;

    auto place = [&](uint32_t pod, int64_t now, StepKind kind) {
        const Placement p = scheduler.decide(state, sequence[pod], shapes.shapeOf(pod), decision++);
        if (!p.placed())
            return false;
        recorder.move(sequence[pod], uint32_t(p.node), p.gpus, -1);
        placed[pod] = p;
        if (kind == StepKind::Retry) {
            pendingQueue.erase(pendingAt[pod]);
            pendingAt[pod] = pendingQueue.end();
            --recorder.pending;
        }
        recorder.end(kind, pod, p, now);
        if (const auto& del = sequence[pod].deletionTime)
            events.emplace(std::max(*del, now), Departure, pod);
        return true;
    };

    auto handle = [&](const Event& e) {
        const auto [time, kind, pod] = e;
        if (kind == Departure) {
            const Placement p = placed[pod];
            recorder.move(sequence[pod], uint32_t(p.node), p.gpus, +1);
            placed[pod] = Placement{};
            recorder.end(StepKind::Departure, pod, p, time);
            // Only the node just freed gained room, so a pending pod that does not fit
            // there still fits nowhere; skipping it equals trying it.
            for (auto it = pendingQueue.begin(); it != pendingQueue.end();) {
                const uint32_t waiting = *it++;
                if (FeasibilityFilter::fits(state, uint32_t(p.node), sequence[waiting]))
                    place(waiting, time, StepKind::Retry);
            }
        } else if (pendingAt[pod] != pendingQueue.end()) {
            pendingQueue.erase(pendingAt[pod]);
            pendingAt[pod] = pendingQueue.end();
            --recorder.pending;
            ++recorder.failed[size_t(sequence[pod].podClass())];
            recorder.end(StepKind::Expiry, pod, Placement{}, time);
        }
    };

    for (uint32_t i = 0; i < sequence.size(); ++i) {
        const int64_t now = sequence[i].creationTime.value_or(0);
        while (!events.empty() && std::get<0>(events.top()) <= now) {
            const Event e = events.top();
            events.pop();
            handle(e);
        }
        recorder.arrivedMilli += sequence[i].totalGpuMilli();
        if (!place(i, now, StepKind::Arrival)) {
            pendingAt[i] = pendingQueue.insert(pendingQueue.end(), i);
            ++recorder.pending;
            recorder.end(StepKind::Arrival, i, Placement{}, now);
            if (const auto& del = sequence[i].deletionTime)
                events.emplace(*del, Expiry, i);
        }
        if (!report(progress, i + 1, sequence.size()))
            throw CancelledError();
    }
    while (!events.empty()) {
        const Event e = events.top();
        events.pop();
        handle(e);
    }
}

}  // namespace tessera
