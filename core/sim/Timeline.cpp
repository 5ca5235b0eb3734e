#include "sim/Timeline.h"

#include <algorithm>

namespace tessera {

void Timeline::begin(const ClusterState& initial, const MetricSample& sample)
{
    steps_.clear();
    samples_.clear();
    changes_.clear();
    checkpoints_.assign(1, initial.states());
    initial_ = sample;
    pendingFirst_ = 0;
}

void Timeline::beginWithPrefix(const Timeline& other, size_t position)
{
    position = std::min(position, other.size());
    steps_.assign(other.steps_.begin(), other.steps_.begin() + std::ptrdiff_t(position));
    samples_.assign(other.samples_.begin(), other.samples_.begin() + std::ptrdiff_t(position));
    const size_t changes = position == 0 ? 0 : other.steps_[position - 1].firstChange + other.steps_[position - 1].changeCount;
    changes_.assign(other.changes_.begin(), other.changes_.begin() + std::ptrdiff_t(changes));
    checkpoints_.assign(other.checkpoints_.begin(),
                        other.checkpoints_.begin() + std::ptrdiff_t(position / kCheckpointInterval + 1));
    initial_ = other.initial_;
    pendingFirst_ = uint32_t(changes);
}

void Timeline::addChange(uint32_t node, const NodeState& before, const NodeState& after)
{
    changes_.push_back({node, before, after});
}

void Timeline::endStep(Step step, const MetricSample& sample, const ClusterState& now)
{
    step.firstChange = pendingFirst_;
    step.changeCount = uint32_t(changes_.size()) - pendingFirst_;
    pendingFirst_ = uint32_t(changes_.size());
    steps_.push_back(step);
    samples_.push_back(sample);
    if (steps_.size() % kCheckpointInterval == 0)
        checkpoints_.push_back(now.states());
}

void Timeline::seek(ClusterState& cluster, size_t from, size_t to) const
{
    if (to > steps_.size())
        to = steps_.size();
    // Start from the checkpoint nearest the target when it is closer than where we are.
    const size_t checkpoint = std::min(to / kCheckpointInterval, checkpoints_.size() - 1);
    const size_t checkpointPos = checkpoint * kCheckpointInterval;
    const size_t distanceNow = from > to ? from - to : to - from;
    const size_t distanceCheckpoint = to - checkpointPos;
    if (distanceCheckpoint + kCheckpointInterval / 4 < distanceNow) {
        cluster.restore(checkpoints_[checkpoint]);
        from = checkpointPos;
    }
    for (; from < to; ++from)
        for (const auto& c : changes(from))
            cluster.setNode(c.node, c.after);
    for (; from > to; --from) {
        const auto span = changes(from - 1);
        for (auto it = span.rbegin(); it != span.rend(); ++it)
            cluster.setNode(it->node, it->before);
    }
}

}  // namespace tessera
