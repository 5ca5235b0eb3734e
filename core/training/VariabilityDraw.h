#pragma once

// Drawing a VariabilityTable from measured profiles (training-boa-pal.md B1).

#include "training/VariabilityProfiles.h"
#include "training/VariabilityTable.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace tessera {

enum class VariabilityMode {
    // The reference simulation: for GPU 0..G-1 and inside each for class A, B, C, D, an
    // independent random.choice from the class's normalised samples, from Python's
    // random.seed(seed). Seed 42 on 64 GPUs is PAL's published table.
    Independent,
    // [inferred option] A GPU is slow or fast for every class alike: each GPU draws one
    // random.random() u, and takes in every class the per-GPU (per-uuid) median score at rank
    // floor(u x M_c) of that class's M_c measured GPUs, sorted by score (ties by uuid). The
    // profile files name their GPUs differently, so the correlation is by rank, not identity.
    PerGpuCorrelated,
};

// "independent", "correlated".
const char* variabilityModeName(VariabilityMode mode);
std::optional<VariabilityMode> parseVariabilityMode(std::string_view text);

// Throws std::invalid_argument for gpus < 0, or, in correlated mode, for a profile without
// a uuid column.
VariabilityTable drawVariability(const VariabilityProfiles& profiles, int gpus, uint64_t seed,
                                 VariabilityMode mode = VariabilityMode::Independent);

}  // namespace tessera
