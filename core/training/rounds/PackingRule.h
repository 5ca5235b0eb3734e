#pragma once

#include "training/rounds/RoundCluster.h"

#include <optional>
#include <string>
#include <vector>

namespace tessera::rounds {

struct Packing {
    GpuList gpus;      // ascending ids
    std::string step;  // which step of the rule placed it, for the inspector
};

// The packing rule of both Packed baselines (training-boa-pal.md B5), for n GPUs given the free
// mask (one entry per GPU, nonzero = free): (1) the lowest-id node with exactly n free GPUs;
// (2) else the node with the fewest free GPUs >= n (lowest id on ties), its n lowest free ids;
// (3) else repeatedly the node with the most free GPUs (lowest id on ties), its free GPUs lowest
// ids first, until n are taken. nullopt if fewer than n GPUs are free in total.
std::optional<Packing> packGpus(const RoundCluster& cluster, const std::vector<char>& freeMask, uint32_t n);

}  // namespace tessera::rounds
