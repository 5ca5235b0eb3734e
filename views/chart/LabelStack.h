#pragma once

#include <cstddef>
#include <vector>

namespace tessera::chart {

// Places labels of one extent along one axis (heatmap group names down the y axis, marker
// labels across the top of a plot) as near their anchors as they go without overlapping each
// other, inside [lo, hi]: a label is pushed away from its anchor only as far as its
// neighbours need. When they cannot all fit (count × size > hi − lo) the caller shrinks them.
class LabelStack {
public:
    // The centre of each label, in the order of `anchors` (the wanted centres, any order).
    static std::vector<double> place(const std::vector<double>& anchors, double size, double lo, double hi);
    // Whether `count` labels of `size` fit into [lo, hi] without overlapping.
    static bool fits(std::size_t count, double size, double lo, double hi) { return double(count) * size <= hi - lo + 1e-9; }
};

}  // namespace tessera::chart
