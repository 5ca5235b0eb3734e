#pragma once

#include "chart/ChartSpec.h"
#include "chart/RunChartOptions.h"
#include "run/GroupValueMatrix.h"
#include "run/Run.h"

#include <vector>

namespace tessera::chart {

// The groups × x heatmap of a run (for pods: each node's expected fragmentation over arrived
// workload or time), nodes banded by GPU model, on the sequential colour scale.
class FragmentationHeatmap {
public:
    static ChartSpec build(const Run& run, const RunChartOptions& options, const ProgressCallback& progress);
    // The positions of `columns` columns evenly spaced in x over [xMin, xMax] (the run's own x
    // unit): each column shows the state at its centre, the last position at or before it,
    // since a state holds until the next event. Linear in x, as every chart beside it.
    static std::vector<size_t> positionsOverX(const MetricSeries& series, size_t columns, double xMin, double xMax);
    // The run's group values in those columns. The app's HeatmapItem samples the same way.
    static GroupValueMatrix sampleOverX(const Run& run, size_t columns, double xMin, double xMax,
                                        const ProgressCallback& progress = {});
    // The top of the colour scale for these rows of `m`: a nice value at or above the 99.5th
    // percentile, so that a few outlying nodes do not squeeze every other one into the darkest
    // colours (values above it take the top colour). The app's heatmap uses the same.
    static double scaleMax(const GroupValueMatrix& m, const std::vector<size_t>& rows);
    // Sets the heatmap's colour scale to [0, max] and repaints its image from its values: the
    // heatmaps of two runs drawn side by side share one scale (the larger), so that one colour
    // means one value in both.
    static void setScaleMax(ChartSpec::Heatmap& h, double max);
    // Gives every heatmap of `charts` the largest of their scales.
    static void shareScale(QList<ChartSpec>& charts);
    // The rows worth drawing among the first `groups` of `layout`: groups without cells (nodes
    // without GPUs) cannot fragment and would only add empty rows or weigh on the scale.
    static std::vector<size_t> rowsWithCells(const OccupancyLayout& layout, size_t groups);
};

}  // namespace tessera::chart
