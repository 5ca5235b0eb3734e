#include "model/NodeState.h"

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
    state.cpuLeft += sign * pod.cpuMilli;
    state.memLeft += sign * pod.memoryMib;
    for (int g = 0; g < kMaxGpusPerNode; ++g)
        if (gpus >> g & 1)
            state.gpuLeft[size_t(g)] = int16_t(state.gpuLeft[size_t(g)] + sign * pod.gpuMilli);
    if (!pod.isCpuOnly()) {
        auto& count = state.affinity[size_t(NodeState::affinityTag(pod))];
        count = uint16_t(sign < 0 ? count + 1 : count - 1);
    }
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
