#pragma once

#include "inference/InferencePlan.h"

#include <cstdint>
#include <vector>

namespace tessera {

// What changing from one plan to the next costs one physical GPU (mig-elasticbatch.md 1.4).
struct GpuChange {
    uint32_t gpu = 0;  // physical id
    int created = 0;
    int destroyed = 0;
    int kept = 0;
    double delayS = 0;
};

// A new plan moved onto the fleet: its instances renumbered onto physical GPU ids so that as many
// instances as possible keep their (class, profile, start) on the GPU they ran on, and the cost
// per changed GPU. Planners number GPUs from 0 each time; the fleet must not be reshuffled.
struct PlanTransition {
    std::vector<PlannedInstance> instances;  // with physical GPU ids, ordered by (gpu, start)
    std::vector<GpuChange> changes;          // GPUs whose layout changed, by id
};

// Maps `next` (GPU ids 0..n-1 as planned) onto the physical GPUs of `current` (already physical):
// each planned GPU in order takes the unmatched physical GPU with the most instances in common
// (lowest id on ties); one with nothing in common takes the lowest unmatched id, else a new id.
// Each changed GPU costs secondsPerInstance per created or destroyed instance. With
// `nextIsPhysical`, `next` already names physical GPUs (an incremental re-plan) and keeps them.
PlanTransition transitionTo(const std::vector<PlannedInstance>& current, const InferencePlan& next,
                            double secondsPerInstance, bool nextIsPhysical = false);

}  // namespace tessera
