#pragma once

#include "chart/SeriesPlan.h"

namespace tessera::chart {

// What the pod kind's charts draw (PodSchedulingRun's metrics), for its exported charts and the
// app's pod views alike. Registered with ChartRegistry by PodChartRegistration.cpp.
class PodSeriesPlans {
public:
    using List = SeriesPlan::List;

    static List allocation(const RunChartFrame& frame);
    // The failed pods of each class that has failures (the failed-by-class family), as steps;
    // every run's total when nothing failed, rather than an empty frame.
    static List failedPods(const RunChartFrame& frame);
    // Run 0's CPU and GPU power stacked, and every run's cluster power as a line.
    static List power(const RunChartFrame& frame);
    // Each GPU model's power (the GPU-power-by-model family) of every run; empty without them.
    static List powerByModel(const RunChartFrame& frame);
    static List fragmentationRate(const RunChartFrame& frame);
    // B − A of GPU allocation, fragmentation rate and cluster power.
    static List difference(const RunChartFrame& frame);
};

}  // namespace tessera::chart
