#pragma once

#include "model/NodeMove.h"
#include "sched/ClusterState.h"
#include "sched/Scheduler.h"
#include "sim/MetricSample.h"
#include "sim/SampleLog.h"
#include "util/ChunkedVector.h"

#include <cstdint>
#include <limits>
#include <memory>
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
    uint32_t pod = 0;     // index into the run's pod sequence
    Placement placement;  // where the pod went (Arrival/Retry) or left from (Departure)
};

// The record of a run: each step, the node moves it made and the metrics after it, with a full
// copy of the node states every checkpointInterval() steps. Moving the cluster between steps
// costs O(nodes changed in between), bounded by the nearest checkpoint.
//
// Memory per decision is bounded whatever the cluster's size (issue 16): a step is 16 bytes, a
// node move 24 (NodeMove, not the node's state before and after), a metric sample about 41
// (SampleLog: differences within blocks of 64), and the checkpoints at most sizeof(NodeState) /
// kIntervalPerNode = 14, because their interval grows with the node count. Storage grows in
// blocks, never by copying. kMaxBytesPerDecision is the bound tests hold memoryBytes() to (95,
// plus the initial checkpoint and partly filled blocks); the former layout (24 + 120 + 88 bytes,
// and 56 x nodes / 2048 for checkpoints, in vectors that doubled) needed 232 and more.
class Timeline {
public:
    // Checkpoints come every max(kMinCheckpointInterval, kIntervalPerNode x node count) steps, so
    // checkpoint memory per step stays under a quarter of a NodeState. A seek from a checkpoint
    // applies at most that many moves to plain node states (kCheapMovesPerSummary of them cost
    // about one node summary) and then re-derives the changed nodes, so scrubbing costs
    // O(nodes) either way.
    static constexpr size_t kMinCheckpointInterval = 2048;
    static constexpr size_t kIntervalPerNode = 4;
    static constexpr size_t kCheapMovesPerSummary = 8;
    static constexpr size_t kMaxBytesPerDecision = 128;
    static constexpr size_t kMaxMoves = std::numeric_limits<uint32_t>::max();  // a step's first move is 32-bit

    void begin(const ClusterState& initial, const MetricSample& sample);
    // Records one move of the step in progress; the caller applies it to the cluster.
    void addMove(const NodeMove& move) { changes_.push_back(move); }
    // Ends the step in progress: its moves are the ones added since the previous step.
    void endStep(Step step, const MetricSample& sample, const ClusterState& now);

    size_t size() const { return steps_.size(); }
    Step step(size_t i) const
    {
        const PackedStep& s = steps_[i];
        return {s.kind, s.pod, {s.node, s.gpus}};
    }
    // Metrics at a position: 0 = before the first step, i = after step i-1.
    MetricSample sampleAt(size_t position) const { return position == 0 ? initial_ : samples_[position - 1]; }
    // The node moves of step i, in the order they were made.
    ChunkedVector<NodeMove>::Slice changes(size_t i) const { return changes_.slice(steps_[i].firstChange, changeEnd(i)); }
    size_t checkpointInterval() const { return interval_; }
    // Node states at position 0.
    const std::vector<NodeState>& initialStates() const { return *checkpoints_.front(); }

    // Moves `states` (the node states at position i) to position i + 1, calling
    // visit(move, before, after) for each node move of step i: a forward walk needing no cluster.
    template <typename Visit>
    void advance(std::vector<NodeState>& states, size_t i, Visit&& visit) const
    {
        for (const NodeMove& m : changes(i)) {
            const NodeState before = states[m.node];
            m.apply(states[m.node]);
            visit(m, before, states[m.node]);
        }
    }

    // This timeline becomes the first `position` steps of `other` (a fork's shared past). What
    // a run records never changes once written, so the fork shares the other's checkpoints and
    // full blocks of steps, moves and samples rather than copying them: a fork's own memory is
    // what it adds.
    void beginWithPrefix(const Timeline& other, size_t position);

    // Moves `cluster` from position `from` to position `to` (0..size()).
    void seek(ClusterState& cluster, size_t from, size_t to) const;

    // Heap bytes this timeline holds (steps, moves, samples, checkpoints), shared ones included.
    size_t memoryBytes() const;
    // Of those, the bytes it shares with `other` (a fork with its base).
    size_t sharedBytes(const Timeline& other) const;

private:
    struct PackedStep {
        uint32_t pod;
        int32_t node;
        uint32_t firstChange;
        StepKind kind;
        GpuMask gpus;
    };
    static_assert(sizeof(PackedStep) == 16);

    size_t changeEnd(size_t i) const { return i + 1 < steps_.size() ? steps_[i + 1].firstChange : pendingFirst_; }

    ChunkedVector<PackedStep> steps_;
    SampleLog samples_;
    ChunkedVector<NodeMove> changes_;
    MetricSample initial_;
    uint32_t pendingFirst_ = 0;
    size_t interval_ = kMinCheckpointInterval;
    // checkpoints_[j] = node states at position j * interval_; shared with forks
    std::vector<std::shared_ptr<const std::vector<NodeState>>> checkpoints_;
};

}  // namespace tessera
