#include "sim/PodSimulation.h"

#include "io/InputError.h"
#include "sim/ExperimentWorkload.h"
#include "sim/ReplayEngine.h"
#include "sim/ShapeTable.h"
#include "sim/StepRecorder.h"

#include <algorithm>

namespace tessera {

std::string_view modeName(SimulationMode mode)
{
    return mode == SimulationMode::Experiment ? "experiment" : "replay";
}

TraceModels::TraceModels(const Cluster& c, const std::vector<PodSpec>& originalPods, CpuProfile cpu)
    : cluster(c), fragmentation(TypicalWorkload::fromPods(originalPods)), power(c.registry, cpu)
{
}

PodSimulation::PodSimulation(const TraceModels& models, RunParameters parameters)
    : models_(models), parameters_(std::move(parameters))
{
}

std::unique_ptr<SimulationResult> PodSimulation::run(const PodList& pods, const ProgressCallback& progress) const
{
    auto result = std::make_unique<SimulationResult>();
    result->parameters = parameters_;
    if (parameters_.mode == SimulationMode::Experiment) {
        int64_t capacity = 0;
        for (const auto& n : models_.cluster.nodes)
            capacity += int64_t(n.gpuCount) * kMilli;
        // Judged up front, so an impossible inflation fails at once and names the pod list.
        if (auto problem = ExperimentWorkload::sizeProblem(pods.pods, parameters_.tune, capacity))
            throw InputError::fileLevel(pods.path, *problem);
        try {
            result->sequence = ExperimentWorkload::build(pods.pods, parameters_.seed, parameters_.tune, capacity);
        } catch (const std::length_error& e) {
            throw InputError::fileLevel(pods.path, e.what());
        }
    } else {
        result->sequence = pods.pods;
        std::stable_sort(result->sequence.begin(), result->sequence.end(), [](const PodSpec& a, const PodSpec& b) {
            return a.creationTime.value_or(0) < b.creationTime.value_or(0);
        });
    }
    return simulate(std::move(result), nullptr, 0, progress);
}

std::unique_ptr<SimulationResult> PodSimulation::fork(const SimulationResult& base, size_t position,
                                                      const ProgressCallback& progress) const
{
    auto result = std::make_unique<SimulationResult>();
    result->parameters = base.parameters;
    result->parameters.policy = parameters_.policy;
    result->sequence = base.sequence;
    return simulate(std::move(result), &base, std::min(position, base.timeline.size()), progress);
}

std::unique_ptr<SimulationResult> PodSimulation::simulate(std::unique_ptr<SimulationResult> result,
                                                          const SimulationResult* base, size_t position,
                                                          const ProgressCallback& progress) const
{
    const RunParameters& params = result->parameters;
    result->fragmentScale = models_.fragmentation.scale();
    ClusterState state(models_.cluster, models_.fragmentation, models_.power);
    result->capacityMilli = state.gpuCapacityMilli();
    Scheduler scheduler(params.policy, makeTieOrder(models_.cluster.nodes, params.tieOrder, params.seed), params.seed);
    scheduler.setScoreCaching(scoreCaching_);
    scheduler.setEngine(engine_);

    Timeline& timeline = result->timeline;
    std::optional<StepRecorder> recorder;
    if (base) {
        timeline.beginWithPrefix(base->timeline, position);
        base->timeline.seek(state, 0, position);
        recorder.emplace(state, timeline, timeline.sampleAt(position));
    } else {
        recorder.emplace(state, timeline);
    }

    const auto& sequence = result->sequence;
    if (params.mode == SimulationMode::Experiment) {
        // In the experiment every step is one arrival, so step i is pod i.
        // Each pod is decided once, placed or failed for good.
        const ShapeTable shapes(sequence);
        scheduler.expectPods(shapes.podsPerShape(timeline.size()));
        for (size_t i = timeline.size(); i < sequence.size(); ++i) {
            const PodSpec& pod = sequence[i];
            recorder->arrivedMilli += pod.totalGpuMilli();
            const Placement placement = scheduler.decide(state, pod, shapes.shapeOf(i), i);
            scheduler.podSettled(shapes.shapeOf(i));
            if (placement.placed())
                recorder->move(pod, uint32_t(placement.node), placement.gpus, -1);
            else
                ++recorder->failed[size_t(pod.podClass())];
            recorder->end(StepKind::Arrival, uint32_t(i), placement, 0);
            if (progress && (i + 1) % 512 == 0 && !progress(double(i + 1) / double(sequence.size())))
                throw CancelledError();
        }
    } else {
        ReplayEngine engine(sequence, state, scheduler, *recorder);
        if (base)
            engine.resumeFrom(timeline, position);
        engine.run(progress);
    }
    result->indexedDecisions = scheduler.indexedDecisions();
    result->indexGaveUp = scheduler.indexGaveUp();
    if (progress)
        progress(1.0);
    return result;
}

}  // namespace tessera
