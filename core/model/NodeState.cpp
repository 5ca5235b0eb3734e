#include "model/NodeState.h"

#include "model/NodeMove.h"

#include <algorithm>

namespace tessera {

NodeState NodeState::empty(const NodeSpec& spec)
{
    NodeState s;
    s.cpuLeft = spec.cpuMilli;
    s.memLeft = spec.memoryMib;
    for (int g = 0; g < spec.gpuCount; ++g)
        s.gpuLeft[size_t(g)] = kMilli;
    return s;
}

int gpusInUse(const NodeState& state, int gpuCount)
{
    int used = 0;
    for (int g = 0; g < gpuCount; ++g)
        used += state.gpuLeft[size_t(g)] < kMilli;
    return used;
}

void applyPod(NodeState& state, const PodSpec& pod, GpuMask gpus, int sign)
{
    NodeMove::of(0, pod, gpus, sign).apply(state);
}

GpuMask lowestFreeGpus(const NodeState& state, int gpuCount, int k)
{
    GpuMask mask = 0;
    for (int g = 0; g < gpuCount && k > 0; ++g)
        if (state.gpuLeft[size_t(g)] == kMilli) {
            mask |= GpuMask(1u << g);
            --k;
        }
    return k > 0 ? 0 : mask;
}

GpuMask leastSufficientGpus(const NodeState& state, int gpuCount, int32_t d, int k)
{
    std::array<int, kMaxGpusPerNode> order{};
    for (int g = 0; g < gpuCount; ++g)
        order[size_t(g)] = g;
    std::stable_sort(order.begin(), order.begin() + gpuCount,
                     [&](int a, int b) { return state.gpuLeft[size_t(a)] < state.gpuLeft[size_t(b)]; });
    GpuMask mask = 0;
    for (int i = 0; i < gpuCount && k > 0; ++i)
        if (state.gpuLeft[size_t(order[size_t(i)])] >= d) {
            mask |= GpuMask(1u << order[size_t(i)]);
            --k;
        }
    return k > 0 ? 0 : mask;
}

}  // namespace tessera
