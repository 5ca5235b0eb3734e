#pragma once

// The width a fixed-width policy (training-boa-pal.md A2) gives one job type. A3's tabulated
// speedups and the integral realisation of a fractional width both need a two-point mix: a
// share `lowShare` of the type's jobs runs on `low` GPUs, the rest on `high`. A single width
// has low == high and lowShare == 1.

namespace tessera {

struct TypeWidth {
    double low = 1;
    double high = 1;
    double lowShare = 1;  // in [0, 1]

    bool isSingle() const { return low == high || lowShare >= 1; }
    // The mean width a job of this type gets.
    double mean() const { return lowShare * low + (1 - lowShare) * high; }
};

}  // namespace tessera
