#pragma once

#include "mig/MigLayout.h"

#include <cstdint>
#include <vector>

namespace tessera {

// Every non-empty valid layout (mig-elasticbatch.md 1.3) that uses only the profiles in
// profileSet, found by a depth-first search over (profile, allowed start) under the validity rule;
// with maximalOnly, only the maximal ones: no (profile, start) of profileSet can be added.
// Each placement appears once, its instances sorted by start.
//
// Order (deterministic): the search walks the memory slices from 0 up; at each slice it first
// places an instance of each profile that may start there, larger before smaller (more compute
// slices first, then more memory slices, then lower profile index), and last leaves the slice
// free. So 7g@0 comes first and a layout of 1g instances only comes last.
std::vector<MigLayout> enumerateLayouts(const MigGpuType& type, const std::vector<uint16_t>& profileSet,
                                        bool maximalOnly);

// The first layout of each distinct multiset of profiles (profileMultiset), in the input order.
std::vector<MigLayout> firstLayoutOfEachMultiset(const std::vector<MigLayout>& layouts);

}  // namespace tessera
