#include "sched/FeasibilityFilter.h"
#include "sched/ResourceText.h"

#include <fmt/format.h>

namespace tessera {

FeasibilityFilter::Check FeasibilityFilter::failedCheck(const ClusterState& cluster, uint32_t node,
                                                        const PodSpec& pod)
{
    const NodeState& s = cluster.state(node);
    const NodeSpec& spec = cluster.spec(node);
    const NodeSummary& sum = cluster.summary(node);
    if (s.cpuLeft < pod.cpuMilli)
        return Check::Cpu;
    if (s.memLeft < pod.memoryMib)
        return Check::Memory;
    if (pod.isCpuOnly())
        return Check::Passed;
    if (spec.gpuCount == 0)
        return Check::NoGpus;
    if (!modelAllowed(pod.gpuSpecMask, spec.model))
        return Check::GpuModel;
    if (pod.isShare() && sum.maxGpuLeft < pod.gpuMilli)
        return Check::SharedGpu;
    if (!pod.isShare() && sum.fullyFree < pod.gpuCount)
        return Check::WholeGpus;
    return Check::Passed;
}

std::string_view FeasibilityFilter::reasonGroup(const ClusterState& cluster, uint32_t node, const PodSpec& pod)
{
    switch (failedCheck(cluster, node, pod)) {
    case Check::Passed: return {};
    case Check::Cpu: return "insufficient CPU";
    case Check::Memory: return "insufficient memory";
    case Check::NoGpus: return "node has no GPUs";
    case Check::GpuModel: return "GPU model not in gpu_spec";
    case Check::SharedGpu: return "no GPU with enough free share";
    case Check::WholeGpus: return "too few fully free GPUs";
    }
    return {};
}

std::string FeasibilityFilter::reason(const ClusterState& cluster, uint32_t node, const PodSpec& pod)
{
    const NodeState& s = cluster.state(node);
    const NodeSpec& spec = cluster.spec(node);
    const NodeSummary& sum = cluster.summary(node);
    switch (failedCheck(cluster, node, pod)) {
    case Check::Passed:
        return {};
    case Check::Cpu:
        return fmt::format("insufficient CPU: {} free, {} requested", vcpuText(s.cpuLeft), vcpuText(pod.cpuMilli));
    case Check::Memory:
        return fmt::format("insufficient memory: {} free, {} requested", gibText(s.memLeft), gibText(pod.memoryMib));
    case Check::NoGpus:
        return "node has no GPUs";
    case Check::GpuModel:
        return fmt::format("GPU model {} not in gpu_spec \"{}\"", cluster.cluster().registry.model(spec.model).name,
                           pod.gpuSpec);
    case Check::SharedGpu:
        return fmt::format("no GPU with {} milli free (most free: {})", pod.gpuMilli, sum.maxGpuLeft);
    case Check::WholeGpus:
        return fmt::format("{} fully free GPUs, {} requested", sum.fullyFree, pod.gpuCount);
    }
    return {};
}

}  // namespace tessera
