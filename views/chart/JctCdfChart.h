#pragma once

#include "chart/ChartRegistry.h"

namespace tessera::chart {

// The cumulative distribution of job completion times (a run's "jct_h" Distribution), one line
// per run in the run's colour: every kind whose runs complete jobs (training placement, training
// rental) registers it under the id "jct-cdf", and the app's JCT tab (qml/training/JctView.qml)
// draws it through RegisteredChartItem.
struct JctCdfChart {
    // Share of jobs (%) completed within x hours of their arrival. The x axis is logarithmic
    // when options.logarithmicX says so or, unset, when the JCTs span decades (spansDecades).
    // Throws ChartDataMissing when no run has job completion times.
    static ChartSpec build(const ChartRuns& runs, const RunChartOptions& options);
    // Whether positive values from `lo` to `hi` are better read on a log axis: more than a
    // factor of 100 apart (JCTs of 0.05 h to 300 h put every short job in the first pixels of a
    // linear axis).
    static bool spansDecades(double lo, double hi);
    // The registration a kind makes of it: `kind`'s chart "jct-cdf".
    static RegisteredChart chart(const char* kind);
};

}  // namespace tessera::chart
