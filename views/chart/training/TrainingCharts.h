#pragma once

#include "chart/ChartRegistry.h"

namespace tessera::chart {

// The training-placement kind's charts (TrainingPlacementRun's series and its JCT
// distribution): jobs running and queued, GPU utilisation, preemptions per round, and the
// cumulative distribution of job completion times per run.
struct TrainingCharts {
    static SeriesPlan::List jobsPlan(const RunChartFrame& frame);
    static SeriesPlan::List utilisationPlan(const RunChartFrame& frame);
    static SeriesPlan::List preemptionsPlan(const RunChartFrame& frame);

    static ChartSpec jobs(const ChartRuns& runs, const RunChartOptions& options);
    static ChartSpec utilisation(const ChartRuns& runs, const RunChartOptions& options);
    static ChartSpec preemptions(const ChartRuns& runs, const RunChartOptions& options);
    // Share of jobs (%) completed within x hours of their arrival: one line per run, in the
    // run's colour. The x axis is logarithmic when options.logarithmicX says so or, unset, when
    // the JCTs span decades (spansDecades).
    static ChartSpec jctCdf(const ChartRuns& runs, const RunChartOptions& options);
    // Whether positive values from `lo` to `hi` are better read on a log axis: more than a
    // factor of 100 apart (JCTs of 0.05 h to 300 h put every short job in the first pixels of a
    // linear axis).
    static bool spansDecades(double lo, double hi);
};

}  // namespace tessera::chart
