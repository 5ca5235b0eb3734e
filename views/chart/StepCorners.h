#pragma once

#include <QList>
#include <QPointF>

namespace tessera::chart {

// How a series is drawn between its points (SeriesPlan::steps says which for a metric):
// - None: a line (MetricInfo Interpolation::Linear);
// - HeldFromX: steps, each value held from its x to the next point's (a pod replay's state after
//   the event at x: Interpolation::Step);
// - EndingAtX: steps, each value drawn back to the previous point's x, over the interval it
//   describes (Interpolation::Step of a kind whose rows describe the interval that ends at their
//   x, IntervalRows: MIG inference, where a re-plan at 150 s changes the row ending at 160 s and
//   must show at 150 s).
enum class Steps { None, HeldFromX, EndingAtX };

// The points a series is drawn through, in data coordinates: `points` as they are for a line;
// with an upright corner at each change, where `steps` puts it, for steps. The screen
// (SeriesFeeder) and every export (PanelPainter) draw through it, so they agree.
QList<QPointF> stepCorners(const QList<QPointF>& points, Steps steps);

}  // namespace tessera::chart
