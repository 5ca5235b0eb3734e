#include "sched/FeasibilityFilter.h"

#include <fmt/format.h>

namespace tessera {

std::string FeasibilityFilter::reason(const ClusterState& cluster, uint32_t node, const PodSpec& pod)
{
    const NodeState& s = cluster.state(node);
    const NodeSpec& spec = cluster.spec(node);
    const NodeSummary& sum = cluster.summary(node);
    if (s.cpuLeft < pod.cpuMilli)
        return fmt::format("insufficient CPU: {} milli free, {} requested", s.cpuLeft, pod.cpuMilli);
    if (s.memLeft < pod.memoryMib)
        return fmt::format("insufficient memory: {} MiB free, {} requested", s.memLeft, pod.memoryMib);
    if (pod.isCpuOnly())
        return {};
    if (spec.gpuCount == 0)
        return "node has no GPUs";
    if (!modelAllowed(pod.gpuSpecMask, spec.model))
        return fmt::format("GPU model {} not in gpu_spec \"{}\"",
                           cluster.cluster().registry.model(spec.model).name, pod.gpuSpec);
    if (pod.isShare() && sum.maxGpuLeft < pod.gpuMilli)
        return fmt::format("no GPU with {} milli free (most free: {})", pod.gpuMilli, sum.maxGpuLeft);
    if (!pod.isShare() && sum.fullyFree < pod.gpuCount)
        return fmt::format("{} fully free GPUs, {} requested", sum.fullyFree, pod.gpuCount);
    return {};
}

}  // namespace tessera
