#pragma once

#include "training/rounds/PalTraversalOrder.h"
#include "training/rounds/PlacementExplanation.h"
#include "training/rounds/RoundCluster.h"

#include <optional>
#include <span>

namespace tessera::rounds {

// PAL (training-boa-pal.md B4) for a job of class c needing n GPUs out of the free GPUs. A job
// with 1 < n <= GPUs per node walks `order` (palTraversalOrder of its class): at (v, WITHIN) the
// nodes holding n free GPUs of sf <= v are visited by descending count then node id, their
// n-subsets in lexicographic GPU-id order, and the first subset of minimum max sf wins; at
// (v, ACROSS) PM-First picks from all free GPUs of sf <= v. Other widths go to PM-First over the
// free GPUs. When `trail` is given, every step of the traversal is appended to it, in order: those
// tried and found without room, the one taken, and those never reached with the sets they would
// have given (for the other widths, PM-First's steps, pmFirstPlace).
std::optional<GpuList> palPlace(const RoundCluster& cluster, uint32_t classIndex, std::span<const PalStep> order,
                                const GpuList& freeGpus, uint32_t n, double locality,
                                std::vector<CandidateSet>* trail = nullptr);

}  // namespace tessera::rounds
