#pragma once

#include <cstdint>
#include "util/UsageError.h"

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tessera {

// A weighted list of score plugins: SPEC := TERM ("," TERM)*, TERM := NAME [":" WEIGHT]
// (contracts.md section 2). A bare name has weight 1000.
struct PolicySpec {
    struct Term {
        std::string name;
        int64_t weight = 1000;
    };
    std::vector<Term> terms;

    // contracts.md 2: with at most 16 terms, normalised scores of at most 100 and weights of
    // at most 1,000,000, no weighted sum can overflow 64 bits.
    static constexpr int64_t kMinWeight = 1;
    static constexpr int64_t kMaxWeight = 1'000'000;
    static constexpr size_t kMaxTerms = 16;

    // Throws UsageError for an empty spec, an unknown plugin, a weight that is not a whole
    // number from kMinWeight to kMaxWeight, or more than kMaxTerms terms.
    static PolicySpec parse(std::string_view text);
    // Terms in the given order, each `name:weight`.
    std::string canonical() const;
    // As a user writes it, for run names: a term of the default weight is its bare name
    // ("fgd", "pwr:100,fgd:900"). Parses back to the same spec.
    std::string shortName() const;
    // The term whose plugin picks share-pod GPUs: the first that holds the largest weight.
    size_t gpuSelectorTerm() const;
};

}  // namespace tessera
