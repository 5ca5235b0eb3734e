#pragma once

#include "chart/ChartSpec.h"
#include "chart/RunChartOptions.h"
#include "run/Run.h"

#include <QList>

#include <optional>
#include <vector>

namespace tessera::chart {

// Builds the charts of issue 8 from runs of any kind through the Run interface: what each chart
// draws, in which colour and style, is its SeriesPlan, the same the app's charts draw; several
// runs overlay (each in its colour from RunChartOptions, later runs dashed), and a comparison
// adds difference charts. The GUI's export, the report and `tessera-cli chart` all start here.
class RunCharts {
public:
    using Runs = std::vector<const Run*>;

    // GPU allocation against the run's x (arrived workload: the FGD paper's chart).
    static ChartSpec allocation(const Runs& runs, const RunChartOptions& options = {});
    // Failed pods of each class that has failures (series keys failed_*), as steps.
    static ChartSpec failedPods(const Runs& runs, const RunChartOptions& options = {});
    // The first run's CPU and GPU power stacked, and each run's cluster power.
    static ChartSpec power(const Runs& runs, const RunChartOptions& options = {});
    // Each run's GPU power by GPU model (series keys gpu_power_kw:MODEL); nothing without them.
    static std::optional<ChartSpec> powerByModel(const Runs& runs, const RunChartOptions& options = {});
    static ChartSpec fragmentationRate(const Runs& runs, const RunChartOptions& options = {});
    // Groups (nodes, by GPU model) × x, coloured by Run::groupValueInfo().
    static ChartSpec fragmentationHeatmap(const Run& run, const RunChartOptions& options = {},
                                          const ProgressCallback& progress = {});
    // Every occupancy cell (GPU) at `position`, grouped by node and GPU model, coloured for a
    // light or dark background.
    static ChartSpec occupancy(const Run& run, size_t position, bool darkBackground = false);
    // One heatmap per run; the zoom applies to the first run only.
    static QList<ChartSpec> fragmentationHeatmaps(const Runs& runs, const RunChartOptions& options = {},
                                                  const ProgressCallback& progress = {});
    // One occupancy grid per run at the options' cursor (the run's end without one).
    static QList<ChartSpec> occupancies(const Runs& runs, const RunChartOptions& options = {},
                                        bool darkBackground = false);
    // B minus A for allocation, fragmentation rate and power, at matched x.
    static QList<ChartSpec> difference(const Run& a, const Run& b, const RunChartOptions& options = {});

    // Every chart of one run, or of a comparison when `runs` holds two or more.
    static QList<ChartSpec> all(const Runs& runs, const RunChartOptions& options = {},
                                const ProgressCallback& progress = {});

    // The first position at which two runs' metrics differ: where a fork diverges.
    static std::optional<size_t> divergence(const Run& a, const Run& b);
};

}  // namespace tessera::chart
