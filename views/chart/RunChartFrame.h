#pragma once

#include "chart/ChartSpec.h"
#include "chart/RunChartOptions.h"
#include "chart/SeriesWindow.h"
#include "run/Run.h"

#include <vector>

namespace tessera::chart {

// What every chart of the same runs shares: the x axis (the first run's column 0, seconds
// shown as hours for long replays), the zoom window, the subtitle naming the runs, and the
// cursor, fork and divergence markers.
class RunChartFrame {
public:
    RunChartFrame(const std::vector<const Run*>& runs, const RunChartOptions& options);

    // A spec with the frame's x axis, subtitle, markers and shading, and the given y axis.
    ChartSpec spec(const QString& title, const QString& yLabel, const QString& yUnit) const;
    // The rows of run i inside the window.
    SeriesWindow window(size_t run) const;
    // The first run's x at a position, in the chart's unit.
    double xOf(size_t position) const;
    double xScale() const { return xScale_; }
    // Whether x is a time of events, between which every state holds (column 0 is Step: a pod
    // replay), rather than a quantity that grows gradually (arrived %).
    bool steppedAxis() const { return steppedAxis_; }
    double xMin() const { return xMin_; }
    double xMax() const { return xMax_; }
    size_t from() const { return from_; }
    size_t to() const { return to_; }
    bool zoomed() const { return zoomed_; }
    size_t runCount() const { return runs_.size(); }
    const Run& run(size_t i) const { return *runs_[i]; }
    // The name and colour of run i: the app's (RunChartOptions) or the stored name and the i-th
    // run colour.
    QString runName(size_t run) const;
    QColor runColor(size_t run) const;
    // "A", "B", ...: how legends with several series per run name the runs the subtitle lists.
    QString runLetter(size_t run) const;
    // The runs a chart shows: the run's name, or "A: name   vs   B: name (dashed)"; without
    // "(dashed)" for a chart that draws no series of the later runs (the difference B − A).
    QString subtitle(bool laterRunsDashed = true) const;

private:
    const std::vector<const Run*>& runs_;
    RunChartOptions options_;
    ChartSpec::Axis x_;
    double xScale_ = 1;
    bool steppedAxis_ = false;
    bool zoomed_ = false;
    size_t from_ = 0;
    size_t to_ = 0;
    double xMin_ = 0;
    double xMax_ = 1;
};

}  // namespace tessera::chart
