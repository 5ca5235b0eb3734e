#include "training/rounds/PalTraversalOrder.h"

#include <algorithm>
#include <tuple>

namespace tessera::rounds {

std::vector<PalStep> palTraversalOrder(std::span<const double> binnedSf, double locality)
{
    std::vector<double> values(binnedSf.begin(), binnedSf.end());
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    std::vector<PalStep> order;
    for (double v : values) {
        order.push_back({v, false, v});
        order.push_back({v, true, v * locality});
    }
    std::sort(order.begin(), order.end(), [](const PalStep& a, const PalStep& b) {
        return std::tie(a.cost, a.v, a.across) < std::tie(b.cost, b.v, b.across);
    });
    return order;
}

}  // namespace tessera::rounds
