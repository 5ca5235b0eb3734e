#include "chart/LabelStack.h"

#include <algorithm>
#include <numeric>

namespace tessera::chart {

std::vector<double> LabelStack::place(const std::vector<double>& anchors, double size, double lo, double hi)
{
    const size_t n = anchors.size();
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return anchors[a] < anchors[b]; });
    std::vector<double> at(n);
    for (size_t k = 0; k < n; ++k)
        at[k] = anchors[order[k]];
    // Down from the top: each label at least one size below the one before it, none above lo;
    // then up from the bottom: none below hi, each one size above the next. Where all fit, the
    // second pass keeps the first's gaps, so no two overlap and each moved as little as needed.
    for (size_t k = 0; k < n; ++k)
        at[k] = std::max(at[k], k == 0 ? lo + size / 2 : at[k - 1] + size);
    for (size_t k = n; k-- > 0;)
        at[k] = std::min(at[k], k + 1 == n ? hi - size / 2 : at[k + 1] - size);
    std::vector<double> placed(n);
    for (size_t k = 0; k < n; ++k)
        placed[order[k]] = at[k];
    return placed;
}

}  // namespace tessera::chart
