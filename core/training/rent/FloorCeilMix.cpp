#include "training/rent/FloorCeilMix.h"

#include <cmath>

namespace tessera {

TypeWidth floorCeilMix(const TypeWidth& fractional)
{
    auto whole = [](double k) { return std::floor(k) == k; };
    if (!fractional.isSingle() && whole(fractional.low) && whole(fractional.high))
        return fractional;
    const double k = fractional.isSingle() ? fractional.low : fractional.mean();
    const double low = std::floor(k);
    if (low == k)
        return {k, k, 1};
    return {low, low + 1, low + 1 - k};
}

}  // namespace tessera
