#pragma once

#include "training/rounds/RoundJob.h"

#include <array>
#include <cstdint>
#include <vector>

namespace tessera::rounds {

// A GPU set, ascending GPU ids.
using GpuList = std::vector<uint32_t>;

// A fixed cluster of nodes x gpusPerNode GPUs (GPU g on node g / gpusPerNode) with, per class
// and GPU, the PerfVar score (B1, higher = slower; it gates a job's speed, B2) and the binned
// slowdown factor (B3; PAL and PM-First place by it). Both tables are [class][gpu].
struct RoundCluster {
    uint32_t nodes = 0;
    uint32_t gpusPerNode = 0;
    std::array<std::vector<double>, kRoundClasses> perfVar;
    std::array<std::vector<double>, kRoundClasses> binnedSf;

    uint32_t gpuCount() const { return nodes * gpusPerNode; }
    uint32_t nodeOf(uint32_t gpu) const { return gpu / gpusPerNode; }
    bool spansNodes(const GpuList& gpus) const;
    // The slowest GPU's PerfVar of class c over `gpus` (B2 pm_penalty); 1 for an empty set.
    double pmPenalty(uint32_t classIndex, const GpuList& gpus) const;
    // The largest binned sf of class c over `gpus`; 0 for an empty set.
    double maxSf(uint32_t classIndex, const GpuList& gpus) const;

    // Every score and factor 1.0: no variability.
    static RoundCluster uniform(uint32_t nodes, uint32_t gpusPerNode);
    // Throws std::invalid_argument naming the problem (empty cluster, a table of the wrong size,
    // a score that is not positive and finite).
    void validate() const;
    bool operator==(const RoundCluster&) const = default;
};

}  // namespace tessera::rounds
