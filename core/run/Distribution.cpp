#include "run/Distribution.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tessera {

double Distribution::quantile(double q) const
{
    q = std::clamp(q, 0.0, 1.0);
    if (!values.empty()) {
        std::vector<double> sorted = values;
        // Nearest rank: the smallest value with at least q of the samples at or below it.
        const size_t rank = size_t(std::max(1.0, std::ceil(q * double(sorted.size())))) - 1;
        std::nth_element(sorted.begin(), sorted.begin() + std::ptrdiff_t(rank), sorted.end());
        return sorted[rank];
    }
    if (quantiles.empty())
        return std::numeric_limits<double>::quiet_NaN();
    if (q <= quantiles.front().first)
        return quantiles.front().second;
    for (size_t i = 1; i < quantiles.size(); ++i) {
        const auto& [q1, v1] = quantiles[i];
        if (q <= q1) {
            const auto& [q0, v0] = quantiles[i - 1];
            return q1 == q0 ? v1 : v0 + (v1 - v0) * (q - q0) / (q1 - q0);
        }
    }
    return quantiles.back().second;
}

}  // namespace tessera
