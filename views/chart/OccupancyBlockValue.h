#pragma once

#include "chart/OccupancyGeometry.h"

#include <vector>

namespace tessera::chart {

// What an overview square (OccupancyGeometry::Block) shows of its groups' cells, on the same
// scale as a cell: the mean used share of a share layer (a free cell counts as 0), or the most
// common category of a categorical layer (-1 when every cell is free). One rule for the app's
// grid and its tests.
class OccupancyBlockValue {
public:
    static float meanShare(const OccupancyLayout& layout, const OccupancyGeometry::Block& block,
                           const std::vector<float>& values);
    static int commonCategory(const OccupancyLayout& layout, const OccupancyGeometry::Block& block,
                              const std::vector<float>& values);
};

}  // namespace tessera::chart
