#pragma once

#include "sched/ClusterState.h"

#include <string>

namespace tessera {

// The filter of fgd-pwr.md 1.4. Returns an empty string when the node fits the pod, else
// the reason it does not, for the decision inspector.
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
};

}  // namespace tessera
