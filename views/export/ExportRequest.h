#pragma once

#include "chart/ChartSpec.h"
#include "chart/RunChartOptions.h"
#include "run/Run.h"

#include <QList>
#include <QString>

#include <memory>
#include <optional>
#include <utility>

namespace tessera::views {

class RunHandle;

// What one export draws, taken from the app's runs on the GUI thread (their names, colours and
// fork) and built on a worker: the charts of a chart id, or every chart of the report, with the
// timeline cursor and the zoom. ExportController writes what specs() gives, so what a file
// shows is exactly what this builds.
class ExportRequest {
public:
    // `chart` is an ExportController chart id or "report"; [from, to] the visible range of
    // runA's positions (to < 0: the end); `cursor` < 0 marks no cursor and puts occupancy
    // grids at the end.
    ExportRequest(const QString& chart, RunHandle* runA, RunHandle* runB, int from, int to, int cursor);

    // Throws ChartError for a chart this request cannot draw (a difference of one run, two runs
    // of different kinds: comparisonProblem).
    QList<chart::ChartSpec> specs(const ProgressCallback& progress = {}) const;
    std::vector<const Run*> runs() const;
    const chart::RunChartOptions& options() const { return options_; }
    // CSV is the data, not a picture of it: every row of the range, none thinned away.
    void keepEveryRow();
    // The x scale of charts that offer two (RunChartOptions::logarithmicX); unset: theirs.
    void setLogarithmicX(std::optional<bool> logarithmic) { options_.logarithmicX = logarithmic; }
    // The y scale likewise (RunChartOptions::logarithmicY).
    void setLogarithmicY(std::optional<bool> logarithmic) { options_.logarithmicY = logarithmic; }
    // The x range of [from, to] in runA's x, for limiting CSV rows; nothing for the whole run.
    std::optional<std::pair<double, double>> visibleX() const { return visibleX_; }

private:
    QString chart_;
    std::shared_ptr<const Run> a_;
    std::shared_ptr<const Run> b_;  // kept alive by the worker while it paints
    chart::RunChartOptions options_;
    std::optional<std::pair<double, double>> visibleX_;
};

}  // namespace tessera::views
