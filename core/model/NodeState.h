#pragma once

#include "model/NodeSpec.h"
#include "model/PodSpec.h"

#include <array>
#include <cstdint>

namespace tessera {

// The mutable part of a node. Small and trivially copyable: the journal stores it whole
// before and after each change, which makes snapshot and restore O(changed nodes).
struct NodeState {
    int32_t cpuLeft = 0;
    int64_t memLeft = 0;
    std::array<int16_t, kMaxGpusPerNode> gpuLeft{};  // R[g], milli
    // Pods per GPU-affinity tag: [0] share-gpu, [k] k-gpu (GpuClustering). CPU-only pods have none.
    std::array<uint16_t, kMaxGpusPerNode + 1> affinity{};

    static NodeState empty(const NodeSpec& spec);
    bool operator==(const NodeState&) const = default;

    static int affinityTag(const PodSpec& pod) { return pod.isShare() ? 0 : pod.gpuCount; }
};

// A set of GPU indices on one node, bit g = GPU g.
using GpuMask = uint8_t;

// The GPUs of a node that hold any allocated share: what "GPUs in use" counts everywhere
// (the occupancy grid's coloured cells, the series, the compare table).
int gpusInUse(const NodeState& state, int gpuCount);

// Adds (sign = -1) or removes (sign = +1) a pod's resources on the given GPUs.
void applyPod(NodeState& state, const PodSpec& pod, GpuMask gpus, int sign);

// The k lowest-index fully free GPUs (AllocateExclusiveGpuId); 0 if there are fewer.
GpuMask lowestFreeGpus(const NodeState& state, int gpuCount, int k);

// The reference's hypothetical placement without a GPU id (NodeResource.Sub): the k GPUs
// with the least sufficient free share, stable ascending by R[g].
GpuMask leastSufficientGpus(const NodeState& state, int gpuCount, int32_t d, int k);

}  // namespace tessera
