#pragma once

#include "chart/ChartRegistry.h"

namespace tessera::chart {

// The exported Gantt chart of a run's intervals (Run::intervals), the file of the app's Gantt
// (views::GanttItem): a row of the image per lane, each bar in its category's colour
// (ChartColors::seriesColor, the Gantt's and the family series' colour), faint where it starts
// after the cursor, on the run's x axis with the cursor, zoom and what-if markers of the other
// charts. Every kind with intervals registers it under the id "gantt" (GanttChart::chart).
struct GanttChart {
    // One panel per run that has intervals; none when no run has (a kind without them).
    static QList<ChartSpec> panels(const ChartRuns& runs, const RunChartOptions& options);
    // The panel of one run; its CSV is one row per bar: label, category, lane, start and end.
    // Unzoomed, the x axis reaches at least `xEnd` (in the run's x): the panels of a comparison
    // share one range, so that the runs' bars line up.
    static ChartSpec build(const Run& run, const RunChartOptions& options, double xEnd = 0);
    // The registration a kind makes of it: `kind`'s chart "gantt", one panel per run.
    static RegisteredChart chart(const char* kind);
};

}  // namespace tessera::chart
