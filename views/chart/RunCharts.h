#pragma once

#include "chart/ChartSpec.h"
#include "chart/RunChartOptions.h"
#include "run/Run.h"

#include <QList>

#include <optional>
#include <vector>

namespace tessera::chart {

// Builds the charts of issue 8 from runs of any kind through the Run interface: several runs
// overlay in their own colours (ChartColors::categorical(i) for run i), and a comparison adds
// difference charts. The GUI's export, the report and `tessera-cli chart` all start here.
class RunCharts {
public:
    using Runs = std::vector<const Run*>;

    // GPU allocation against the run's x (arrived workload: the FGD paper's chart).
    static ChartSpec allocation(const Runs& runs, const RunChartOptions& options = {});
    // Failed pods of each class that has failures (series keys failed_*), as steps.
    static ChartSpec failedPods(const Runs& runs, const RunChartOptions& options = {});
    // One run: CPU and GPU power stacked; several: each run's cluster power.
    static ChartSpec power(const Runs& runs, const RunChartOptions& options = {});
    // GPU power stacked by GPU model (series keys gpu_power_kw:MODEL); nothing without them.
    static std::optional<ChartSpec> powerByModel(const Run& run, const RunChartOptions& options = {});
    static ChartSpec fragmentationRate(const Runs& runs, const RunChartOptions& options = {});
    // Groups (nodes, by GPU model) × x, coloured by Run::groupValueInfo().
    static ChartSpec fragmentationHeatmap(const Run& run, const RunChartOptions& options = {},
                                          const ProgressCallback& progress = {});
    // Every occupancy cell (GPU) at `position`, grouped by node and GPU model.
    static ChartSpec occupancy(const Run& run, size_t position);
    // B minus A for allocation, fragmentation rate and power, at matched x.
    static QList<ChartSpec> difference(const Run& a, const Run& b, const RunChartOptions& options = {});

    // Every chart of one run, or of a comparison when `runs` holds two or more.
    static QList<ChartSpec> all(const Runs& runs, const RunChartOptions& options = {},
                                const ProgressCallback& progress = {});

    // The first position at which two runs' metrics differ: where a fork diverges.
    static std::optional<size_t> divergence(const Run& a, const Run& b);
};

}  // namespace tessera::chart
