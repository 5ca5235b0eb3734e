#pragma once

#include "model/NodeState.h"

#include <cstdint>

namespace tessera {

// One pod's resources taken from (sign -1) or given back to (sign +1) one node: every change a
// run makes to a node. It is exactly invertible (integer sums, the GPU shares in int16 as
// NodeState keeps them), so a timeline stores the move instead of the node's state before and
// after: 24 bytes instead of two NodeStates and the node index (120 bytes).
struct NodeMove {
    int64_t memoryMib = 0;
    uint32_t node = 0;
    int32_t cpuMilli = 0;
    int32_t gpuMilli = 0;   // taken from or given to each GPU in `gpus`
    GpuMask gpus = 0;
    int8_t affinityTag = -1;  // NodeState::affinityTag of the pod; -1: a CPU-only pod has none
    int8_t sign = -1;

    static NodeMove of(uint32_t node, const PodSpec& pod, GpuMask gpus, int sign)
    {
        NodeMove m;
        m.memoryMib = pod.memoryMib;
        m.node = node;
        m.cpuMilli = pod.cpuMilli;
        m.gpuMilli = pod.gpuMilli;
        m.gpus = gpus;
        m.affinityTag = pod.isCpuOnly() ? int8_t(-1) : int8_t(NodeState::affinityTag(pod));
        m.sign = int8_t(sign < 0 ? -1 : 1);
        return m;
    }

    // The node's state before the move -> after it.
    void apply(NodeState& state) const { add(state, sign); }
    // After -> before.
    void undo(NodeState& state) const { add(state, -sign); }

private:
    void add(NodeState& state, int s) const
    {
        state.cpuLeft += s * cpuMilli;
        state.memLeft += s * memoryMib;
        for (int g = 0; g < kMaxGpusPerNode; ++g)
            if (gpus >> g & 1)
                state.gpuLeft[size_t(g)] = int16_t(state.gpuLeft[size_t(g)] + s * gpuMilli);
        if (affinityTag >= 0) {
            auto& count = state.affinity[size_t(affinityTag)];
            count = uint16_t(s < 0 ? count + 1 : count - 1);
        }
    }
};

static_assert(sizeof(NodeMove) == 24, "a timeline stores one NodeMove per placement and departure");

}  // namespace tessera
