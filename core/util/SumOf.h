#pragma once

#include <functional>

namespace tessera {

// The sum of one member (or any projection) over a range, accumulated in Total so that, say,
// 32-bit per-node values add up without overflow.
template <typename Total, typename Range, typename Projection>
Total sumOf(const Range& range, Projection projection)
{
    Total total{};
    for (const auto& element : range)
        total += std::invoke(projection, element);
    return total;
}

}  // namespace tessera
