#include "chart/MatchedPosition.h"

#include <algorithm>

namespace tessera::chart {

size_t matchedPosition(const Run& a, size_t position, const Run& b, bool fork)
{
    if (fork || a.series().rows() == 0)
        return std::min(position, b.steps());
    const auto xs = a.series().column(0);
    const double x = xs[std::min(position, xs.size() - 1)];
    return std::min(b.series().rowAtX(x), b.steps());
}

}  // namespace tessera::chart
