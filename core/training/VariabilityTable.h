#pragma once

// Per-GPU, per-class variability scores PerfVar_c(g) (training-boa-pal.md B1): a GPU's slowdown
// for a job of class c, 1.0 = the profile's median GPU, higher = slower. GPU g sits on node
// g div GPUs-per-node; the table itself knows only GPU ids.

#include "training/JobClass.h"

#include <array>
#include <cstdint>
#include <vector>

namespace tessera {

struct VariabilityTable {
    std::vector<std::array<double, kJobClassCount>> scores;  // [gpu][class]
    // The drawn sample per cell, as a 0-based row of the class's profile file (independent
    // draws only; empty for a loaded or uniform table).
    std::vector<std::array<uint32_t, kJobClassCount>> drawnRows;

    int gpuCount() const { return int(scores.size()); }
    double score(int gpu, JobClass c) const { return scores[size_t(gpu)][size_t(c)]; }
    // Every class's scores of every GPU, in GPU order.
    std::vector<double> column(JobClass c) const;
};

// No variability: every score 1.0.
VariabilityTable uniformVariability(int gpus);

}  // namespace tessera
