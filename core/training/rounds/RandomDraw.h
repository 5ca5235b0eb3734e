#pragma once

#include "training/rounds/RoundCluster.h"
#include "util/Rng.h"

#include <optional>

namespace tessera::rounds {

// n GPUs drawn uniformly without replacement from the free ones (the Random baselines, B5): a
// partial Fisher-Yates over the free GPUs in id order. nullopt (and no draw) if fewer are free.
std::optional<GpuList> drawGpus(const std::vector<char>& freeMask, uint32_t n, Rng& rng);

}  // namespace tessera::rounds
