#pragma once

#include "model/NodeSpec.h"
#include "model/PodSpec.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tessera {

// What a node or pod may hold, whichever file it comes from: the trace loaders and the study
// reader enforce the same ranges and rules (contracts.md 4), so nothing the simulator was
// never meant to see (a 100-GPU node, a time near 2^63) gets in through a side door.
struct SpecLimits {
    static constexpr int64_t kMaxCpuMilli = 1'000'000'000;
    // 1 EiB: far above any machine, and low enough that sums over a million nodes stay in 64 bits.
    static constexpr int64_t kMaxMemoryMib = int64_t(1) << 40;
    // About 31 million years: time arithmetic (a replay's steps) cannot overflow 64 bits.
    static constexpr int64_t kMaxTimeSeconds = 1'000'000'000'000'000;
};

// A rule a whole record breaks, with the column to blame.
struct SpecProblem {
    std::string column;
    std::string problem;
};

// The GPU request rules across columns: a shared GPU share only on one GPU, a share exactly
// when there are GPUs. The single fields' ranges are checked as they are read.
std::optional<SpecProblem> podRequestProblem(const PodSpec& pod);

// A node with GPUs needs a GPU model (one without GPUs may name one or not).
std::optional<SpecProblem> nodeModelProblem(int gpuCount, bool hasModel);

}  // namespace tessera
