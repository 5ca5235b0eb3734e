#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace tessera::views {

// Which samples of a long series to draw so that a chart about `maxPoints` wide still shows
// every spike: the first and last sample, and in each of about maxPoints/2 buckets of the range
// the lowest and the highest sample, in index order. A range shorter than maxPoints is kept whole.
class MinMaxDownsampler {
public:
    // Indices into `y` within [from, to] (to inclusive, clamped to the series), ascending, unique.
    static std::vector<size_t> indices(std::span<const double> y, size_t from, size_t to, size_t maxPoints);
};

}  // namespace tessera::views
