#pragma once

#include "sched/ClusterState.h"

#include <string>
#include <string_view>

namespace tessera {

// The filter of fgd-pwr.md 1.4. reason() is empty when the node fits the pod, else why it does
// not with the node's figures, for the decision inspector; reasonGroup() is the same reason
// without the figures ("insufficient CPU"), so that the inspector can group nodes by it.
class FeasibilityFilter {
public:
    static bool fits(const ClusterState& cluster, uint32_t node, const PodSpec& pod)
    {
        const NodeState& s = cluster.state(node);
        if (s.cpuLeft < pod.cpuMilli || s.memLeft < pod.memoryMib)
            return false;
        if (pod.isCpuOnly())
            return true;
        const NodeSpec& spec = cluster.spec(node);
        if (spec.gpuCount == 0 || !modelAllowed(pod.gpuSpecMask, spec.model))
            return false;
        const NodeSummary& sum = cluster.summary(node);
        return pod.isShare() ? sum.maxGpuLeft >= pod.gpuMilli : sum.fullyFree >= pod.gpuCount;
    }

    static std::string reason(const ClusterState& cluster, uint32_t node, const PodSpec& pod);
    static std::string_view reasonGroup(const ClusterState& cluster, uint32_t node, const PodSpec& pod);

private:
    enum class Check { Passed, Cpu, Memory, NoGpus, GpuModel, SharedGpu, WholeGpus };
    // The first check the node fails, in the filter's order.
    static Check failedCheck(const ClusterState& cluster, uint32_t node, const PodSpec& pod);
};

}  // namespace tessera
