#pragma once

#include "chart/MetricLookup.h"

#include <QList>
#include <QPointF>

namespace tessera::chart {

// The points a chart draws a metric through where its rows alone would draw it wrong: a time
// average (Interpolation::TimeAverage, GPU-hours(x) / (x − x0)) is a curve between rows, so
// between each two of `points` (a series' rows, x scaled by `xScale` from the run's axis) samples
// are added no further apart than 1/`resolution` (at most 4096) of the points' span, each read exactly where it
// lies (`lookup`). Any other metric: `points` as they are. The screen (SeriesFeeder) and every
// export (SeriesWindow) draw through it, so that each shows the true value at any x.
QList<QPointF> curveSamples(const QList<QPointF>& points, const MetricLookup& lookup, const MetricSeries& series,
                            size_t column, double xScale, int resolution);

}  // namespace tessera::chart
