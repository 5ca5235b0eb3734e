#pragma once

#include "sim/Timeline.h"

namespace tessera {

// The run's counters and the one way cluster state changes during a run: every node change
// goes into the timeline before it is applied, so the run can be rewound and replayed.
class StepRecorder {
public:
    // Starts a fresh timeline at the empty cluster.
    StepRecorder(ClusterState& state, Timeline& timeline) : state_(state), timeline_(timeline)
    {
        timeline_.begin(state_, sample(0));
    }

    // Continues a timeline whose steps already lead to `state` (a fork): counters resume from `last`.
    StepRecorder(ClusterState& state, Timeline& timeline, const MetricSample& last)
        : arrivedMilli(last.arrivedMilli), pending(last.pending), failed(last.failedByClass), state_(state),
          timeline_(timeline)
    {
    }

    void move(const PodSpec& pod, uint32_t node, GpuMask gpus, int sign)
    {
        const NodeMove m = NodeMove::of(node, pod, gpus, sign);
        NodeState after = state_.state(node);
        m.apply(after);
        timeline_.addMove(m);
        state_.setNode(node, after);
    }

    void end(StepKind kind, uint32_t pod, Placement placement, int64_t time)
    {
        timeline_.endStep(Step{kind, pod, placement}, sample(time), state_);
    }

    // The index of the next step; also the decision's random stream, so a fork resumes it.
    uint64_t nextStep() const { return timeline_.size(); }

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

}  // namespace tessera
