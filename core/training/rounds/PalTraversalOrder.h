#pragma once

#include <span>
#include <vector>

namespace tessera::rounds {

// One entry of PAL's locality x variability matrix (training-boa-pal.md B3): take GPUs whose
// binned sf is at most v, inside one node (WITHIN, cost v) or across nodes (ACROSS, cost v*L).
struct PalStep {
    double v = 0;
    bool across = false;
    double cost = 0;
    bool operator==(const PalStep&) const = default;
};

// The traversal order for one class: every distinct sf value v gives (v, WITHIN, v) and
// (v, ACROSS, v*L); sorted by cost ascending, ties by smaller v, then WITHIN before ACROSS.
std::vector<PalStep> palTraversalOrder(std::span<const double> binnedSf, double locality);

}  // namespace tessera::rounds
