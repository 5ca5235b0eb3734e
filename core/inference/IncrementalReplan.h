#pragma once

#include "inference/InferencePlan.h"

#include <vector>

namespace tessera {

class MigGpuType;

// Elastic re-planning that disturbs as little as it can (mig-elasticbatch.md 2.2 Step 6, "apply
// only the differences"): the fresh plan decides how many instances of which (class, serving
// point) are needed; every running instance still needed stays where it is, surplus ones are
// removed, and the missing ones go first-fit decreasing into the free space of the running GPUs
// (Step 5's start preference), then onto new GPUs. A fresh packing would move instances between
// GPUs and drain far more of the fleet for the same change of load. `current` and the result
// use physical GPU ids.
InferencePlan adaptPlan(const MigGpuType& gpu, const std::vector<PlannedInstance>& current, const InferencePlan& fresh);

}  // namespace tessera
