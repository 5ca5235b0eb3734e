#pragma once

#include "util/Rng.h"

#include <cstdint>
#include <vector>

namespace tessera {

// An inverse distribution function given by quantile points and linear between them. All in
// integers, so that generated traces are byte-identical on every platform and compiler.
class QuantileTable {
public:
    // Probabilities are in millionths, so that a table written with decimals reads exactly.
    static constexpr int64_t kOne = 1'000'000;

    struct Point {
        int64_t probability = 0;  // 0 .. kOne
        int64_t value = 0;
    };

    // Probabilities must rise strictly from 0 to kOne and values must not fall; the
    // statistics loader checks both, with file and line, before building a table.
    explicit QuantileTable(std::vector<Point> points);

    // The value at a probability in [0, kOne].
    int64_t valueAt(int64_t probability) const;
    int64_t sample(Rng& rng) const { return valueAt(int64_t(rng.below(uint64_t(kOne)))); }

    const std::vector<Point>& points() const { return points_; }

private:
    std::vector<Point> points_;
};

}  // namespace tessera
