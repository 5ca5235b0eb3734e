#pragma once

#include <algorithm>
#include <vector>

namespace tessera {

// The median of values already sorted ascending: the middle one, or for an even count the mean
// of the two middle ones (as numpy and pandas take it). Needs at least one value.
inline double medianOfSorted(const std::vector<double>& sorted)
{
    const size_t n = sorted.size();
    return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

inline double medianOf(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return medianOfSorted(values);
}

}  // namespace tessera
