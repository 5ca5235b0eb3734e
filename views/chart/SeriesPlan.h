#pragma once

#include "chart/ChartSpec.h"
#include "chart/RunChartFrame.h"

#include <QList>

#include <string>
#include <string_view>
#include <vector>

namespace tessera::chart {

// One series a run chart draws, before any point is read: which run and metric, and how it
// looks. The one definition of what each chart shows, in which colour and style:
// RunCharts fills it for every export and the CLI, and the app's charts (through ChartPlans
// and SeriesFeeder) fill the same list, so that the screen and the files cannot disagree.
struct PlannedSeries {
    QString name;
    QColor color;
    ChartSpec::SeriesStyle style = ChartSpec::SeriesStyle::Line;
    bool dashed = false;   // a later run (a fork, a compared run): its series are dashed
    bool stepped = false;  // the value holds until the next event
    size_t run = 0;        // index into the frame's runs
    std::string key;       // the metric drawn
    std::vector<std::string> below;  // a stacked area: the keys stacked under it, bottom first
    QString unit;          // the metric's unit where the plan names it (the differences)
};

// The plans of the run charts. Colours: a chart whose series are the runs (allocation,
// fragmentation rate, cluster power totals, any one metric) gives each run its colour; a chart
// with series of its own (pod classes, GPU models, CPU and GPU power) colours them from
// ChartColors::seriesColor, a palette no run colour is in, and tells the runs apart by line
// style: every run after the first is dashed. On a time axis (replay) every series is stepped,
// since the state holds between events; failed pods are counts, stepped on any axis.
class SeriesPlan {
public:
    using List = QList<PlannedSeries>;

    static List allocation(const RunChartFrame& frame);
    static List failedPods(const RunChartFrame& frame);
    // Run 0's CPU and GPU power stacked, and every run's cluster power as a line.
    static List power(const RunChartFrame& frame);
    // Each GPU model's power (keys gpu_power_kw:MODEL) of every run; empty without them.
    static List powerByModel(const RunChartFrame& frame);
    static List fragmentationRate(const RunChartFrame& frame);
    // The differences B − A of run 1 less run 0: GPU allocation, fragmentation rate (pp) and
    // cluster power (kW), each in its own colour, drawn solid. The screen draws them on one chart
    // (power on a second axis), the export one panel each: both take names and colours here.
    static List difference(const RunChartFrame& frame);
    // One metric of every run that has it.
    static List metric(const RunChartFrame& frame, std::string_view key);
    // Whether metric `key` of `run` is drawn as steps: on a time axis (replay) every state holds
    // until the next event, and counts (unit "pods") change only in whole steps on any axis.
    // The plans, the exported charts and SeriesFeeder (every series on screen) all ask here.
    static bool stepped(const Run& run, std::string_view key);
    // By chart id (allocation, failed-pods, power, power-by-model, fragmentation-rate, difference, or
    // "metric" with `key`); empty for an id without series.
    static List forChart(std::string_view chart, const RunChartFrame& frame, std::string_view key = {});
};

}  // namespace tessera::chart
