#pragma once

#include "inference/ClassConfigurator.h"
#include "inference/InferencePlan.h"
#include "inference/InferencePolicy.h"

#include <vector>

namespace tessera {

class MigGpuType;

// An instance a plan needs, before it has a place: its class and how it serves.
struct InstanceDemand {
    uint32_t classId = 0;
    ServingPoint point;
};

enum class Packing {
    FirstFitDecreasing,  // Step 5, with the start-preference table
    Optimal,             // the oracle: fewest GPUs, by DP over the valid multisets
};

// Places the demands on GPUs and returns them ordered by (gpu, start). Demands must be ordered by
// class, so that Step 5's (size descending, class ascending) order is the packers' order.
std::vector<PlannedInstance> packDemands(const MigGpuType& gpu, const std::vector<InstanceDemand>& demands,
                                         Packing packing);

// Steps 3-5 with ceil replication, the planners' common path: every class configured on `grid`,
// its chosen point replicated to its rate, everything packed.
InferencePlan planByClass(const PlanningContext& context, const ConfigurationGrid& grid, Packing packing,
                          bool exactSizes = false);

// The plan's GPU count, from its instances.
uint32_t countGpus(const std::vector<PlannedInstance>& instances);

}  // namespace tessera
