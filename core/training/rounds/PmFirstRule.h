#pragma once

#include "training/rounds/PlacementExplanation.h"
#include "training/rounds/RoundCluster.h"

#include <optional>
#include <string>
#include <vector>

namespace tessera::rounds {

// PM-First (training-boa-pal.md B4) for a job of class c needing n GPUs, out of `pool` (the free
// GPUs, or PAL's ACROSS subset S): rank the pool by (binned sf ascending, best-match locality
// ascending, GPU id), where a GPU's locality is |#{pool GPUs on its node with its sf} - n|, and
// take the first n. Returns them in ascending id order; nullopt if the pool has fewer than n.
// The pool is read in ascending order (a GpuList ascends; another order is sorted first).
std::optional<GpuList> pmFirstPlace(const RoundCluster& cluster, uint32_t classIndex, const GpuList& pool, uint32_t n);

// pmFirstPlace, with the steps it amounts to appended to `trail` (the inspector). PM-First ranks
// by binned sf first, so its n GPUs all come from the lowest bin v (a binned sf value of the
// class) under which the pool holds n GPUs or more; and as its locality ranking counts only GPUs
// of one sf, ranking that part of the pool picks the same n. So each bin below v is a step with
// no room, v's is the step taken, and the bins above are not reached (they would give the same
// set). A step's cost is v, times L when its set spans nodes (or must: n > GPUs per node).
// `reason`, when given, opens the note of the step taken (of the last one if none has room): why
// this rule placed the job (PAL leaves some widths to PM-First).
std::optional<GpuList> pmFirstPlace(const RoundCluster& cluster, uint32_t classIndex, const GpuList& pool, uint32_t n,
                                    double locality, std::vector<CandidateSet>& trail, const std::string& reason = {});

}  // namespace tessera::rounds
