#include "sim/Timeline.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace tessera {

void Timeline::begin(const ClusterState& initial, const MetricSample& sample)
{
    steps_.clear();
    samples_.clear();
    changes_.clear();
    interval_ = std::max(kMinCheckpointInterval, kIntervalPerNode * initial.nodeCount());
    checkpoints_.assign(1, std::make_shared<const std::vector<NodeState>>(initial.states()));
    initial_ = sample;
    pendingFirst_ = 0;
}

void Timeline::beginWithPrefix(const Timeline& other, size_t position)
{
    position = std::min(position, other.size());
    steps_.assignPrefix(other.steps_, position);
    samples_.assignPrefix(other.samples_, position);
    const size_t changes = position == 0 ? 0 : other.changeEnd(position - 1);
    changes_.assignPrefix(other.changes_, changes);
    interval_ = other.interval_;
    checkpoints_.assign(other.checkpoints_.begin(),
                        other.checkpoints_.begin() + std::ptrdiff_t(position / interval_ + 1));
    initial_ = other.initial_;
    pendingFirst_ = uint32_t(changes);
}

void Timeline::endStep(Step step, const MetricSample& sample, const ClusterState& now)
{
    // Steps index their first move in 32 bits (half the bytes per decision): 4 billion node
    // moves, some 100 GB of them, is far beyond any run this machine holds; say so rather than wrap.
    if (changes_.size() > kMaxMoves)
        throw std::length_error("a run's timeline holds at most 2^32 - 1 node moves");
    steps_.push_back({step.pod, step.placement.node, pendingFirst_, step.kind, step.placement.gpus});
    pendingFirst_ = uint32_t(changes_.size());
    samples_.push_back(sample);
    if (steps_.size() % interval_ == 0)
        checkpoints_.push_back(std::make_shared<const std::vector<NodeState>>(now.states()));
}

void Timeline::seek(ClusterState& cluster, size_t from, size_t to) const
{
    if (to > steps_.size())
        to = steps_.size();
    // Walking from where the cluster is re-derives each changed node's summary on every move;
    // starting from the checkpoint before the target applies the moves to plain node states
    // (no summaries, far cheaper) and re-derives only the nodes that end up different. Take the
    // checkpoint when the walk would be the longer one.
    const size_t checkpoint = std::min(to / interval_, checkpoints_.size() - 1);
    const size_t checkpointPos = checkpoint * interval_;
    const size_t distanceNow = from > to ? from - to : to - from;
    const size_t cheapWork = (to - checkpointPos + cluster.nodeCount()) / kCheapMovesPerSummary;
    if (cheapWork < distanceNow) {
        std::vector<NodeState> states = *checkpoints_[checkpoint];
        for (size_t i = checkpointPos; i < to; ++i)
            for (const NodeMove& m : changes(i))
                m.apply(states[m.node]);
        cluster.restore(states);
        return;
    }
    for (; from < to; ++from)
        for (const NodeMove& m : changes(from)) {
            NodeState s = cluster.state(m.node);
            m.apply(s);
            cluster.setNode(m.node, s);
        }
    for (; from > to; --from) {
        const auto moves = changes(from - 1);
        for (size_t k = moves.size(); k-- > 0;) {
            const NodeMove& m = moves[k];
            NodeState s = cluster.state(m.node);
            m.undo(s);
            cluster.setNode(m.node, s);
        }
    }
}

size_t Timeline::memoryBytes() const
{
    size_t bytes = steps_.memoryBytes() + samples_.memoryBytes() + changes_.memoryBytes()
        + checkpoints_.capacity() * sizeof(checkpoints_.front());
    for (const auto& c : checkpoints_)
        bytes += sizeof(*c) + c->capacity() * sizeof(NodeState);
    return bytes;
}

size_t Timeline::sharedBytes(const Timeline& other) const
{
    size_t bytes = steps_.sharedBytes(other.steps_) + samples_.sharedBytes(other.samples_)
        + changes_.sharedBytes(other.changes_);
    for (size_t j = 0; j < checkpoints_.size() && j < other.checkpoints_.size(); ++j)
        if (checkpoints_[j] == other.checkpoints_[j])
            bytes += sizeof(*checkpoints_[j]) + checkpoints_[j]->capacity() * sizeof(NodeState);
    return bytes;
}

}  // namespace tessera
