#pragma once

#include "chart/ChartRegistry.h"

namespace tessera::chart {

// The MIG inference kind's charts (InferenceRun's series): its fleet (GPUs used and instances),
// slice utilisation, SLO attainment per model and p99 latency per model. Each draws the same
// series plan the app's tab draws, so screen and export agree.
struct InferenceCharts {
    static SeriesPlan::List fleetPlan(const RunChartFrame& frame);
    static SeriesPlan::List utilisationPlan(const RunChartFrame& frame);
    static SeriesPlan::List sloPlan(const RunChartFrame& frame);
    static SeriesPlan::List latencyPlan(const RunChartFrame& frame);
    static SeriesPlan::List overall(const RunChartFrame& frame, std::string_view key);

    static ChartSpec fleet(const ChartRuns& runs, const RunChartOptions& options);
    static ChartSpec utilisation(const ChartRuns& runs, const RunChartOptions& options);
    static ChartSpec slo(const ChartRuns& runs, const RunChartOptions& options);
    static ChartSpec latency(const ChartRuns& runs, const RunChartOptions& options);
};

}  // namespace tessera::chart
