#pragma once

#include "training/rounds/RoundCluster.h"

#include <optional>

namespace tessera::rounds {

// PM-First (training-boa-pal.md B4) for a job of class c needing n GPUs, out of `pool` (the free
// GPUs, or PAL's ACROSS subset S): rank the pool by (binned sf ascending, best-match locality
// ascending, GPU id), where a GPU's locality is |#{pool GPUs on its node with its sf} - n|, and
// take the first n. Returns them in ascending id order; nullopt if the pool has fewer than n.
// The pool is read in ascending order (a GpuList ascends; another order is sorted first).
std::optional<GpuList> pmFirstPlace(const RoundCluster& cluster, uint32_t classIndex, const GpuList& pool, uint32_t n);

}  // namespace tessera::rounds
