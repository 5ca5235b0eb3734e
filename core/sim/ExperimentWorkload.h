#pragma once

#include "model/PodSpec.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tessera {

// The published experiment's arrival sequence (fgd-pwr.md section 6): pods sorted by name,
// shuffled with the seed, then clones of random original pods appended until the GPU
// request reaches tune x capacity, with the reference's stop test (it compares d, not d*k).
class ExperimentWorkload {
public:
    // A sequence longer than this is refused: at some hundreds of bytes per decision it would
    // take gigabytes (a one-row pod list asking for 1 milli-GPU inflates to millions of clones).
    static constexpr size_t kMaxPods = 5'000'000;

    // Throws std::length_error past kMaxPods.
    static std::vector<PodSpec> build(const std::vector<PodSpec>& original, uint64_t seed, double tune,
                                      int64_t capacityMilli);
    // Why `original` cannot be inflated to tune x capacity within kMaxPods, judged before
    // building it from the mean GPU request of the pods that clones are drawn from; or nothing.
    static std::optional<std::string> sizeProblem(const std::vector<PodSpec>& original, double tune,
                                                  int64_t capacityMilli);
};

}  // namespace tessera
