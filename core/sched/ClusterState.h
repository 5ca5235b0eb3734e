#pragma once

#include "frag/FragmentationModel.h"
#include "model/Cluster.h"
#include "model/NodeState.h"
#include "power/PowerModel.h"

#include <cstdint>
#include <vector>

namespace tessera {

// Quantities derived from one node's state, kept so that cluster totals update in O(1)
// when one node changes.
struct NodeSummary {
    int32_t gpuLeftTotal = 0;  // U_n
    int32_t maxGpuLeft = 0;
    int fullyFree = 0;
    int64_t fragmentScaled = 0;  // F_n(M) x FragmentationModel::scale()
    NodePower power;
    bool used = false;         // any CPU or GPU allocated
};

struct ClusterTotals {
    int64_t gpuLeft = 0;
    int64_t fragmentScaled = 0;
    int64_t cpuWatts = 0;
    int64_t gpuWatts = 0;
    int usedNodes = 0;
    int usedGpus = 0;  // GPUs on nodes with any allocation
};

// The live state of every node with running cluster totals. Every change goes through
// setNode(), so a journal of (node, before, after) can replay or rewind any step.
class ClusterState {
public:
    ClusterState(const Cluster& cluster, const FragmentationModel& frag, const PowerModel& power);

    const Cluster& cluster() const { return *cluster_; }
    const FragmentationModel& fragmentation() const { return *frag_; }
    const PowerModel& power() const { return *power_; }
    size_t nodeCount() const { return states_.size(); }
    const NodeSpec& spec(size_t n) const { return cluster_->nodes[n]; }
    const NodeState& state(size_t n) const { return states_[n]; }
    const NodeSummary& summary(size_t n) const { return summaries_[n]; }
    // Bumped on every change of node n; score caches key on it.
    uint32_t version(size_t n) const { return versions_[n]; }
    // The latest nodes setNode() changed, in order (a node once per change): an index over the
    // nodes catches up by reading the entries past the point it last saw. Only the latest
    // entries are kept (at most a few per node), so a long run or a cursor scrubbed for a whole
    // session does not grow it: entry k of all changes ever is changeLog()[k - changeLogBase()]
    // while k >= changeLogBase(); a reader that last saw an older entry must re-read every node.
    const std::vector<uint32_t>& changeLog() const { return changeLog_; }
    uint64_t changeLogBase() const { return changeLogBase_; }
    uint64_t changeCount() const { return changeLogBase_ + changeLog_.size(); }
    const ClusterTotals& totals() const { return totals_; }
    int64_t gpuCapacityMilli() const { return capacityMilli_; }

    void setNode(size_t n, const NodeState& next);
    // Replaces every node's state at once (restoring a checkpoint).
    void restore(const std::vector<NodeState>& states);
    const std::vector<NodeState>& states() const { return states_; }
    NodeSummary summarise(size_t n, const NodeState& s) const;

private:
    void account(const NodeSummary& s, const NodeSpec& spec, int sign);

    const Cluster* cluster_;
    const FragmentationModel* frag_;
    const PowerModel* power_;
    std::vector<NodeState> states_;
    std::vector<NodeSummary> summaries_;
    std::vector<uint32_t> versions_;
    std::vector<uint32_t> changeLog_;
    uint64_t changeLogBase_ = 0;  // changes dropped from the front of changeLog_
    uint32_t clock_ = 0;  // versions are unique across restores, so caches never see a stale one
    ClusterTotals totals_;
    int64_t capacityMilli_ = 0;
};

}  // namespace tessera
