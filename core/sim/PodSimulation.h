#pragma once

#include "frag/FragmentationModel.h"
#include "model/Cluster.h"
#include "power/PowerModel.h"
#include "sim/RunParameters.h"
#include "sim/Timeline.h"

#include <functional>
#include <memory>
#include <vector>

namespace tessera {

// Called now and then with the share of work done; returning false cancels the run.
using ProgressCallback = std::function<bool(double fraction)>;

class CancelledError : public std::runtime_error {
public:
    CancelledError() : std::runtime_error("cancelled") {}
};

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

    // See Scheduler::setScoreCaching; for benchmarks.
    void setScoreCaching(bool on) { scoreCaching_ = on; }

private:
    void runExperiment(SimulationResult& result, ClusterState& state, Scheduler& scheduler,
                       const ProgressCallback& progress) const;
    void runReplay(SimulationResult& result, ClusterState& state, Scheduler& scheduler,
                   const ProgressCallback& progress) const;

    const TraceModels& models_;
    RunParameters parameters_;
    bool scoreCaching_ = true;
};

}  // namespace tessera
