#include "generate/QuantileTable.h"

#include <algorithm>
#include <stdexcept>

namespace tessera {

QuantileTable::QuantileTable(std::vector<Point> points)
    : points_(std::move(points))
{
    if (points_.size() < 2 || points_.front().probability != 0 || points_.back().probability != kOne)
        throw std::invalid_argument("a quantile table runs from probability 0 to 1");
}

int64_t QuantileTable::valueAt(int64_t probability) const
{
    const auto above = std::upper_bound(points_.begin(), points_.end(), probability,
                                        [](int64_t p, const Point& point) { return p < point.probability; });
    if (above == points_.end())
        return points_.back().value;
    const Point& low = *(above - 1);
    const Point& high = *above;
    return low.value + (high.value - low.value) * (probability - low.probability) / (high.probability - low.probability);
}

}  // namespace tessera
