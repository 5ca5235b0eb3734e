#pragma once

#include "chart/ChartSpec.h"
#include "chart/RunChartOptions.h"
#include "chart/SeriesPlan.h"
#include "run/Run.h"

#include <QList>
#include <QString>

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::chart {

using ChartRuns = std::vector<const Run*>;
// The panels of one chart for runs of one kind: usually one, one per run for a per-run chart;
// none when these runs have nothing to draw (a cluster with one GPU model has no power by model).
using ChartBuilder = std::function<QList<ChartSpec>(const ChartRuns&, const RunChartOptions&, const ProgressCallback&)>;

// One chart: an id for export menus, files and tests, a title, and what draws it.
struct RegisteredChart {
    std::string kind;  // the RunInfo::kind it draws; empty: every kind (a shared chart)
    std::string id;    // e.g. "allocation"; unique among a kind's charts and the shared ones
    // The menu title in the words of the runs (shared charts take their name from RunWords).
    std::function<QString(const RunWords& words)> title;
    ChartBuilder build;
    // What the app's own chart of this id draws (ChartPlans, SeriesFeeder): the same plan the
    // builder paints, so that screen and file agree. Empty for charts that are not series
    // (heatmaps, grids).
    std::function<SeriesPlan::List(const RunChartFrame&)> plan{};
    bool perRun = false;   // one panel per run: the report puts each run's next to each other
    size_t minRuns = 1;    // 2: a comparison of two runs (the differences B − A)
    // Drawn under the decision inspector's table for the run shown, and what the inspector's tab
    // exports (the renting kind's speedup curves); at most one per kind.
    bool inspector = false;
};

// One view of a kind: a tab of the app and an id of `tessera-cli chart`, which draws the view's
// charts as panels, top to bottom.
struct RegisteredView {
    std::string kind;     // as RegisteredChart::kind
    std::string id;       // e.g. "fragmentation"
    QString title;        // the tab's title
    QString qml;          // the tab's QML file, relative to the app's Main.qml; empty: no tab (the shared ones are fixed)
    std::vector<std::string> charts;  // chart ids: the panels of `tessera-cli chart`, top to bottom
    std::string help{};     // `tessera-cli chart --help`'s line for it
    std::string preferred{};  // the chart the export dialog offers from this tab; empty: the first
};

// The charts and views of every run kind, registered before main() by ChartRegistration and
// ViewRegistration objects in the kind's own folder (views/chart/pod/ for pods), so that the
// app's tabs, its export and report and `tessera-cli chart` list a run's charts without naming
// any, and a new kind adds charts by adding files.
class ChartRegistry {
public:
    static void add(RegisteredChart chart);
    static void add(RegisteredView view);
    static void remove(std::string_view kind, std::string_view id, bool view);

    // The charts runs of `kind` have: the kind's own in registration order, then the shared ones
    // (less those the kind replaces with its own of the same id).
    static std::vector<const RegisteredChart*> charts(std::string_view kind);
    static const RegisteredChart* chart(std::string_view kind, std::string_view id);
    // The kind's chart drawn under its decision inspector (RegisteredChart::inspector), or null.
    static const RegisteredChart* inspectorChart(std::string_view kind);
    // The views runs of `kind` have: the kind's own, then the shared ones.
    static std::vector<const RegisteredView*> views(std::string_view kind);
    static const RegisteredView* view(std::string_view kind, std::string_view id);
    // Every view id of any kind, first-registered first, each once: what `--chart` may name.
    static std::vector<std::string> allViewIds();

    // Every chart of `runs` (of the first run's kind) that draws for that many runs: the
    // report. Consecutive per-run charts are interleaved by run (run A's heatmap and grid, then
    // run B's), so that each run's panels share a page; comparisons of runs come last.
    static QList<ChartSpec> all(const ChartRuns& runs, const RunChartOptions& options = {},
                                const ProgressCallback& progress = {});
    // The panels of view `id` for one run, as `tessera-cli chart` draws them. Throws ChartError
    // for a view the run's kind does not have.
    static QList<ChartSpec> viewPanels(std::string_view id, const Run& run, const RunChartOptions& options = {});
};

// Registers a chart for the lifetime of the object: a static one in a kind's folder, or a
// test's for its scope.
class ChartRegistration {
public:
    explicit ChartRegistration(RegisteredChart chart);
    ~ChartRegistration();
    ChartRegistration(const ChartRegistration&) = delete;
    ChartRegistration& operator=(const ChartRegistration&) = delete;

private:
    std::string kind_;
    std::string id_;
};

class ViewRegistration {
public:
    explicit ViewRegistration(RegisteredView view);
    ~ViewRegistration();
    ViewRegistration(const ViewRegistration&) = delete;
    ViewRegistration& operator=(const ViewRegistration&) = delete;

private:
    std::string kind_;
    std::string id_;
};

}  // namespace tessera::chart
