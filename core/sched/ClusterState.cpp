#include "sched/ClusterState.h"

#include <algorithm>

namespace tessera {

ClusterState::ClusterState(const Cluster& cluster, const FragmentationModel& frag, const PowerModel& power)
    : cluster_(&cluster), frag_(&frag), power_(&power)
{
    const size_t n = cluster.nodes.size();
    states_.reserve(n);
    summaries_.reserve(n);
    versions_.assign(n, 0);
    for (size_t i = 0; i < n; ++i) {
        states_.push_back(NodeState::empty(cluster.nodes[i]));
        summaries_.push_back(summarise(i, states_.back()));
        account(summaries_.back(), cluster.nodes[i], +1);
        capacityMilli_ += int64_t(cluster.nodes[i].gpuCount) * kMilli;
    }
}

NodeSummary ClusterState::summarise(size_t n, const NodeState& s) const
{
    const NodeSpec& spec = cluster_->nodes[n];
    NodeSummary out;
    for (int g = 0; g < spec.gpuCount; ++g) {
        const int32_t r = s.gpuLeft[size_t(g)];
        out.gpuLeftTotal += r;
        out.maxGpuLeft = std::max(out.maxGpuLeft, r);
        out.fullyFree += r == kMilli;
    }
    out.fragmentScaled = frag_->nodeFragmentScaled(spec, s);
    out.power = power_->nodePower(spec, s);
    out.used = s.cpuLeft != spec.cpuMilli || out.gpuLeftTotal != spec.gpuCount * kMilli;
    return out;
}

void ClusterState::account(const NodeSummary& s, const NodeSpec& spec, int sign)
{
    totals_.gpuLeft += sign * s.gpuLeftTotal;
    totals_.fragmentScaled += sign * s.fragmentScaled;
    totals_.cpuWatts += sign * s.power.cpuWatts;
    totals_.gpuWatts += sign * s.power.gpuWatts;
    totals_.usedNodes += sign * int(s.used);
    totals_.usedGpus += sign * (s.used ? spec.gpuCount : 0);
}

void ClusterState::setNode(size_t n, const NodeState& next)
{
    const NodeSpec& spec = cluster_->nodes[n];
    account(summaries_[n], spec, -1);
    states_[n] = next;
    summaries_[n] = summarise(n, next);
    account(summaries_[n], spec, +1);
    versions_[n] = ++clock_;
    changeLog_.push_back(uint32_t(n));
    // Past four entries per node a reader that far behind rebuilds anyway (more than half the
    // nodes changed, or it re-reads them all): drop the older half, amortised O(1) per change.
    if (changeLog_.size() > std::max<size_t>(4096, 4 * states_.size())) {
        const size_t dropped = changeLog_.size() / 2;
        changeLog_.erase(changeLog_.begin(), changeLog_.begin() + ptrdiff_t(dropped));
        changeLogBase_ += dropped;
    }
}

void ClusterState::restore(const std::vector<NodeState>& states)
{
    for (size_t n = 0; n < states.size(); ++n)
        if (!(states[n] == states_[n]))
            setNode(n, states[n]);
}

}  // namespace tessera
