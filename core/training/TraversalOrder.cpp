#include "training/TraversalOrder.h"

#include <algorithm>

namespace tessera {

std::vector<TraversalStep> palTraversalOrder(const std::vector<double>& levels, double localityPenalty)
{
    std::vector<TraversalStep> steps;
    for (double v : levels) {
        steps.push_back({v, Reach::Within, v * 1.0});
        steps.push_back({v, Reach::Across, v * localityPenalty});
    }
    std::sort(steps.begin(), steps.end(), [](const TraversalStep& a, const TraversalStep& b) {
        if (a.cost != b.cost)
            return a.cost < b.cost;
        if (a.level != b.level)
            return a.level < b.level;
        return a.reach == Reach::Within && b.reach == Reach::Across;
    });
    return steps;
}

}  // namespace tessera
