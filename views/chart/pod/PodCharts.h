#pragma once

#include "chart/RunCharts.h"

#include <optional>

namespace tessera::chart {

// The pod kind's own charts (issue 8), drawn from PodSeriesPlans; the shared ones (heatmap,
// occupancy, differences) are RunCharts'. Registered by PodChartRegistration.cpp.
class PodCharts {
public:
    using Runs = RunCharts::Runs;

    // GPU allocation against the run's x (arrived workload: the FGD paper's chart).
    static ChartSpec allocation(const Runs& runs, const RunChartOptions& options = {});
    // Failed pods of each class that has failures, as steps.
    static ChartSpec failedPods(const Runs& runs, const RunChartOptions& options = {});
    // The first run's CPU and GPU power stacked, and each run's cluster power.
    static ChartSpec power(const Runs& runs, const RunChartOptions& options = {});
    // Each run's GPU power by GPU model; nothing without them.
    static std::optional<ChartSpec> powerByModel(const Runs& runs, const RunChartOptions& options = {});
    static ChartSpec fragmentationRate(const Runs& runs, const RunChartOptions& options = {});
    // B minus A for allocation, fragmentation rate and power, at matched x.
    static QList<ChartSpec> difference(const Run& a, const Run& b, const RunChartOptions& options = {});
};

}  // namespace tessera::chart
