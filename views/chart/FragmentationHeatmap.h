#pragma once

#include "chart/ChartSpec.h"
#include "chart/RunChartOptions.h"
#include "run/Run.h"

namespace tessera::chart {

// The groups × x heatmap of a run (for pods: each node's expected fragmentation over arrived
// workload or time), nodes banded by GPU model, on the sequential colour scale.
class FragmentationHeatmap {
public:
    static ChartSpec build(const Run& run, const RunChartOptions& options, const ProgressCallback& progress);
};

}  // namespace tessera::chart
