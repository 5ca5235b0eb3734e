#pragma once

#include "mig/MigGpuType.h"
#include "mig/MigLayout.h"
#include "mig/Reconfiguration.h"

#include <vector>

namespace tessera {

// One GPU's instances, sorted by start.
struct PackedGpu {
    std::vector<PlacedInstance> instances;
};

MigLayout layoutOf(const PackedGpu& gpu);

// The order in which first-fit tries a profile's starts (mig-elasticbatch.md 2.2 Step 5). On the
// 7-slice types: 7g {0}; 4g {0}; 3g {4, 0}; 2g {0, 2, 4}; 1g {6, 4, 5, 0, 1, 2, 3} (1g.10gb, which
// may start only at even slices, keeps that order: {6, 4, 0, 2}). The idea: large instances low,
// 3g high so a 4g can still take 0, and 1g first where no 2g can start (6), then in the upper
// half. The A30 analogue: 4g {0}; 2g {0, 2}; 1g {3, 2, 1, 0}, single slices from the top, so the
// lower 2g region stays whole longest. Allowed starts missing from the list follow, ascending.
std::vector<int> startPreference(const MigGpuType& type, uint16_t profile);

// First-fit decreasing (Step 5): the items (profile and tag; their start is ignored) sorted by
// (compute slices descending, tag ascending), each placed on the lowest-index GPU where one of
// its starts, tried in startPreference order, keeps the layout valid; a new GPU when none fits.
std::vector<PackedGpu> packFirstFitDecreasing(const MigGpuType& type, std::vector<PlacedInstance> items);

}  // namespace tessera
