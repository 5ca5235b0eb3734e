#pragma once

#include "util/Rng.h"

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace tessera {

// Picks an index with probability proportional to its integer weight. Integer weights keep
// the draw exact, hence identical on every platform.
class WeightedChoice {
public:
    explicit WeightedChoice(const std::vector<int64_t>& weights)
    {
        int64_t total = 0;
        for (int64_t w : weights) {
            if (w < 0)
                throw std::invalid_argument("negative weight");
            total += w;
            cumulative_.push_back(total);
        }
        if (total <= 0)
            throw std::invalid_argument("no positive weight to choose from");
    }

    size_t pick(Rng& rng) const
    {
        const auto r = int64_t(rng.below(uint64_t(cumulative_.back())));
        return size_t(std::upper_bound(cumulative_.begin(), cumulative_.end(), r) - cumulative_.begin());
    }

private:
    std::vector<int64_t> cumulative_;
};

}  // namespace tessera
