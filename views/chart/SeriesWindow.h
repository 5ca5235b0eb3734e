#pragma once

#include "run/Run.h"

#include <QList>
#include <QPointF>

#include <string_view>
#include <vector>

namespace tessera::chart {

// The rows of one run that a chart draws: a position range (the zoom), thinned to at most
// `maxPoints` rows spread evenly (first and last kept), with x in the chart's unit (x scaled,
// e.g. seconds to hours). Every series of a chart takes the same rows, so stacked areas line up.
class SeriesWindow {
public:
    SeriesWindow(const Run& run, size_t from, size_t to, double xScale, int maxPoints);
    // The rows whose x (in the chart's unit) lies in [xMin, xMax]: another run over a first
    // run's range.
    static SeriesWindow overX(const Run& run, double xMin, double xMax, double xScale, int maxPoints);

    const std::vector<size_t>& rows() const { return rows_; }
    bool empty() const { return rows_.empty(); }
    double x(size_t row) const;
    // One point per row of the column with `key`, and between rows the samples a curve needs
    // (curveSamples: a time average); empty if the run has no such column.
    QList<QPointF> points(std::string_view key) const;
    QList<QPointF> points(size_t column) const;

private:
    SeriesWindow(const Run& run, double xScale, int maxPoints)
        : series_(&run.series()), xScale_(xScale), maxPoints_(maxPoints) {}
    void thin(size_t first, size_t last, int maxPoints);

    const MetricSeries* series_;
    double xScale_;
    int maxPoints_;
    std::vector<size_t> rows_;
};

}  // namespace tessera::chart
