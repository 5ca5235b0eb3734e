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
    Steps steps = Steps::None;  // a line or steps, and where their corners go (SeriesPlan::steps)
    size_t run = 0;        // index into the frame's runs
    std::string key;       // the metric drawn
    std::vector<std::string> below;  // a stacked area: the keys stacked under it, bottom first
    QString unit;          // the metric's unit where the plan names it (the differences)
    double lineScale = 1;  // a line's weight relative to the default (ChartSpec::Series::lineScale)
};

// The plans every kind shares, and the building blocks of the kinds' own (views/chart/pod/ for
// pods). Colours: a chart whose series are the runs (any one metric) gives each run its colour;
// a chart with series of its own (a family's members: pod classes, GPU models) colours them
// from ChartColors::seriesColor, a palette no run colour is in, and tells the runs apart by
// line style: every run after the first is dashed. A metric is drawn as steps when it says so
// (MetricInfo::interpolation), with its corners where the kind's rows put them (steps()).
class SeriesPlan {
public:
    using List = QList<PlannedSeries>;

    // One metric of every run that has it.
    static List metric(const RunChartFrame& frame, std::string_view key);
    // One metric of every run that has it, for a chart that draws several metrics of a run:
    // named by the metric's label (with the run's letter when several runs share the chart, as
    // ownName). One run: in series colour `colour`. Several: in each run's colour, so that the
    // runs are told apart as on every chart of one metric, the chart's `rank`-th metric (0: the
    // first) in a lighter shade of it (ChartColors::runShade), every run after the first dashed.
    static List labelled(const RunChartFrame& frame, std::string_view key, int colour, int rank);
    // Every member of metric family `family` (MetricInfo::family) of every run, named by its
    // member; with `onlyNonZero`, only a run's members that are ever non-zero.
    static List family(const RunChartFrame& frame, std::string_view family, bool onlyNonZero = false);
    // The differences B − A of run 1 less run 0 for `keys` (empty: the first run's headline
    // metrics, MetricInfo::headline), each in its own colour, drawn solid; percentages in
    // percentage points. Of the first two units only: one y axis per unit, the screen's left
    // and right axes, the export's two panels (RunCharts::difference).
    static List difference(const RunChartFrame& frame, const std::vector<std::string>& keys = {});
    // How metric `key` of `run` is drawn between rows: a line (MetricInfo Interpolation::Linear,
    // or a key it lacks) or steps, held from each row's x or, for a kind whose rows describe the
    // interval ending at their x (IntervalRows), over that interval. The plans, the exported
    // charts and SeriesFeeder (every series on screen) all ask here.
    static Steps steps(const Run& run, std::string_view key);
    // A series of a chart's own (a class, a model) for run i: with the run's letter when several
    // runs share the chart (the subtitle says which run is A and which B), so legends stay short.
    static QString ownName(const RunChartFrame& frame, const QString& name, size_t run);
    // By chart id: "metric" with `key`, else the plan of the chart the first run's kind
    // registered under that id (ChartRegistry); empty for an id without a plan.
    static List forChart(std::string_view chart, const RunChartFrame& frame, std::string_view key = {});
};

}  // namespace tessera::chart
