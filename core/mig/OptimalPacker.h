#pragma once

#include "mig/GpuPacker.h"

#include <cstddef>
#include <vector>

namespace tessera {

// The oracle's packing (mig-elasticbatch.md 2.2, "ideal/oracle"): the minimum number of GPUs for
// the items (profile and tag; their start is ignored), by dynamic programming over the demand
// vector (count per profile). Each step fills one GPU with a maximal valid multiset of the
// items' profiles (a GPU short of items keeps a sub-multiset, which is valid too); a profile that
// only ever shares a GPU with itself (7g) is packed apart first. Ties go to the multiset that
// comes first in enumerateLayouts order, so the result is deterministic. Every GPU gets valid
// starts (the first enumerated placement of its multiset); the items of one profile go to the
// GPUs in tag order.
//
// Throws std::length_error when the search would visit more than maxStates demand vectors
// (the DP grows with the product of the per-profile counts).
std::vector<PackedGpu> packOptimally(const MigGpuType& type, std::vector<PlacedInstance> items,
                                     size_t maxStates = 4'000'000);

}  // namespace tessera
