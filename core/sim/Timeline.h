#pragma once

#include "sched/ClusterState.h"
#include "sched/Scheduler.h"
#include "sim/MetricSample.h"

#include <cstdint>
#include <span>
#include <vector>

namespace tessera {

enum class StepKind : uint8_t {
    Arrival,    // a pod arrived and was placed, failed or queued
    Retry,      // a pending pod was placed after a departure
    Departure,  // a placed pod left
    Expiry,     // a pending pod's deletion time passed: it failed
};

struct Step {
    StepKind kind = StepKind::Arrival;
    uint32_t pod = 0;        // index into the run's pod sequence
    Placement placement;     // where the pod went (Arrival/Retry) or left from (Departure)
    uint32_t firstChange = 0;
    uint32_t changeCount = 0;
};

// One node's state before and after a step: enough to move the cluster either way.
struct NodeChange {
    uint32_t node = 0;
    NodeState before;
    NodeState after;
};

// The record of a run: each step, the node changes it made and the metrics after it, with a
// full copy of the node states every kCheckpointInterval steps. Moving the cluster between
// steps costs O(nodes changed in between), bounded by the nearest checkpoint.
class Timeline {
public:
    static constexpr size_t kCheckpointInterval = 2048;

    void begin(const ClusterState& initial, const MetricSample& sample);
    // Appends a step; the changes since the previous step are the ones added by addChange().
    void addChange(uint32_t node, const NodeState& before, const NodeState& after);
    void endStep(Step step, const MetricSample& sample, const ClusterState& now);

    size_t size() const { return steps_.size(); }
    const Step& step(size_t i) const { return steps_[i]; }
    const std::vector<Step>& steps() const { return steps_; }
    // Metrics at a position: 0 = before the first step, i = after step i-1.
    const MetricSample& sampleAt(size_t position) const { return position == 0 ? initial_ : samples_[position - 1]; }
    const std::vector<MetricSample>& samples() const { return samples_; }
    std::span<const NodeChange> changes(size_t i) const
    {
        return {changes_.data() + steps_[i].firstChange, steps_[i].changeCount};
    }

    // This timeline becomes the first `position` steps of `other` (a fork's shared past).
    void beginWithPrefix(const Timeline& other, size_t position);

    // Moves `cluster` from position `from` to position `to` (0..size()).
    void seek(ClusterState& cluster, size_t from, size_t to) const;

private:
    std::vector<Step> steps_;
    std::vector<MetricSample> samples_;
    std::vector<NodeChange> changes_;
    MetricSample initial_;
    uint32_t pendingFirst_ = 0;
    // checkpoints_[j] = node states at position j * kCheckpointInterval
    std::vector<std::vector<NodeState>> checkpoints_;
};

}  // namespace tessera
