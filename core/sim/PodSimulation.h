#pragma once

#include "frag/FragmentationModel.h"
#include "model/Cluster.h"
#include "power/PowerModel.h"
#include "sched/Scheduler.h"
#include "sim/RunParameters.h"
#include "sim/Timeline.h"
#include "util/Progress.h"

#include <functional>
#include <memory>
#include <vector>

namespace tessera {


// The models shared by every run on one trace: the target workload (computed once, from the
// original pods), the fragmentation measure and the power model.
struct TraceModels {
    TraceModels(const Cluster& cluster, const std::vector<PodSpec>& originalPods, CpuProfile cpu = {});
    const Cluster& cluster;
    FragmentationModel fragmentation;
    PowerModel power;
};

// The result of one GPU-sharing run: the pod sequence it scheduled and the timeline.
struct SimulationResult {
    RunParameters parameters;
    std::vector<PodSpec> sequence;
    Timeline timeline;
    int64_t capacityMilli = 0;
    int64_t fragmentScale = 1;
    // Which engine decided (Scheduler::indexedDecisions, indexGaveUp): diagnostics and tests.
    uint64_t indexedDecisions = 0;
    bool indexGaveUp = false;

    MetricValues valuesAt(size_t position) const
    {
        return MetricValues::of(timeline.sampleAt(position), capacityMilli, fragmentScale);
    }
};

// The event-driven simulator of GPU-sharing pods: the published experiment (arrivals only,
// failures dropped) or a timed replay (departures, a pending queue; contracts.md 3.2).
class PodSimulation {
public:
    PodSimulation(const TraceModels& models, RunParameters parameters);

    std::unique_ptr<SimulationResult> run(const PodList& pods, const ProgressCallback& progress = {}) const;

    // A what-if branch: the first `position` steps of `base`, then this simulation's policy
    // from there on. Seed, mode, tune and tie order come from `base`. With the base's own
    // policy the fork reproduces the base exactly.
    std::unique_ptr<SimulationResult> fork(const SimulationResult& base, size_t position,
                                           const ProgressCallback& progress = {}) const;

    // See Scheduler::setScoreCaching; for benchmarks.
    void setScoreCaching(bool on) { scoreCaching_ = on; }
    // See SchedulerEngine; the index unless a benchmark or a diagnosis asks for the scan.
    void setEngine(SchedulerEngine engine) { engine_ = engine; }

private:
    std::unique_ptr<SimulationResult> simulate(std::unique_ptr<SimulationResult> result, const SimulationResult* base,
                                               size_t position, const ProgressCallback& progress) const;

    const TraceModels& models_;
    RunParameters parameters_;
    bool scoreCaching_ = true;
    SchedulerEngine engine_ = SchedulerEngine::Index;
};

}  // namespace tessera
