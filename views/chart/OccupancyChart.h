#pragma once

#include "chart/ChartSpec.h"
#include "run/Run.h"

namespace tessera::chart {

// Every occupancy cell of a run at one position as an image laid out as the app's grid
// (OccupancyGeometry): each node a row of its GPUs with its number at its left, nodes in rows,
// one band of rows per GPU model, coloured by the used share of
// each GPU on ChartColors::occupancy, the app's grid scale, for the background it will be
// painted on; keyed busy and free when the kind's cells are only that (OccupancyLayer::binary).
// The title names the position in the kind's words (RunWords::step), and `note` says why that
// position when it was chosen for the user.
class OccupancyChart {
public:
    static ChartSpec build(const Run& run, size_t position, bool darkBackground = false, const QString& note = {});
    // The key of a binary grid, busy first then free ("GPU busy (a job on it)", "GPU free"): the
    // exported chart's and the app's (OccupancyItem::layers) one text. Empty unless the run's
    // first layer is binary.
    static QStringList binaryKeys(const Run& run);
};

}  // namespace tessera::chart
