#pragma once

#include "chart/ChartRegistry.h"

namespace tessera::chart {

// The training-placement kind's series charts (TrainingPlacementRun's series): jobs running and
// queued, GPU utilisation and preemptions per round. Its JCT CDF is JctCdfChart, shared with the
// renting kind.
struct TrainingCharts {
    static SeriesPlan::List jobsPlan(const RunChartFrame& frame);
    static SeriesPlan::List utilisationPlan(const RunChartFrame& frame);
    static SeriesPlan::List preemptionsPlan(const RunChartFrame& frame);

    static ChartSpec jobs(const ChartRuns& runs, const RunChartOptions& options);
    static ChartSpec utilisation(const ChartRuns& runs, const RunChartOptions& options);
    static ChartSpec preemptions(const ChartRuns& runs, const RunChartOptions& options);
};

}  // namespace tessera::chart
