#pragma once

#include "model/PodSpec.h"

#include <cstdint>
#include <vector>

namespace tessera {

// The published experiment's arrival sequence (fgd-pwr.md section 6): pods sorted by name,
// shuffled with the seed, then clones of random original pods appended until the GPU
// request reaches tune x capacity, with the reference's stop test (it compares d, not d*k).
class ExperimentWorkload {
public:
    static std::vector<PodSpec> build(const std::vector<PodSpec>& original, uint64_t seed, double tune,
                                      int64_t capacityMilli);
};

}  // namespace tessera
