#pragma once

#include "run/RunHandle.h"

#include <QAreaSeries>
#include <QObject>
#include <QStringList>
#include <QVariantMap>
#include <QXYSeries>
#include <QtQml/qqmlregistration.h>

namespace tessera::views {

// Fills Qt Charts series from a run's metric series with QXYSeries::replace, downsampled in C++
// to about the chart's pixel width (min and max per bucket, so spikes survive): ChartView draws
// on the CPU and a 100,000-step run would otherwise stall it. x is always the run's column 0
// (arrived % or time); values keep the series' units (power in kW, allocation in %).
// Positions run from `from` to `to` inclusive; `to` = -1 means the run's last step. Series that
// SeriesPlan::steps says are steps are drawn with their corners where the exported
// charts put them (StepCorners).
class SeriesFeeder : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON

public:
    explicit SeriesFeeder(QObject* parent = nullptr);

    // Metric `key` of `run`, with the samples between rows a curve needs (chart::curveSamples: a
    // time average). Returns the number of points; an unknown key empties the series.
    Q_INVOKABLE int fill(QXYSeries* series, tessera::views::RunHandle* run, const QString& key, int from = 0,
                         int to = -1, int maxPoints = 1000) const;
    // One layer of a stacked area chart: the area's lower line is the sum of `belowKeys` (zero
    // when empty), its upper line that sum plus `key`. Both lines use the same samples.
    Q_INVOKABLE int fillStacked(QAreaSeries* area, tessera::views::RunHandle* run, const QStringList& belowKeys,
                                const QString& key, int from = 0, int to = -1, int maxPoints = 1000) const;
    // `runB` minus `runA` for metric `key` at every step time of either run (chart::DifferenceSeries:
    // rows sharing an x paired as forks share them, each run read as drawn elsewhere, a run that
    // ended holding its state after the end, Run::afterEnd), thinned to `maxPoints`.
    Q_INVOKABLE int fillDifference(QXYSeries* series, tessera::views::RunHandle* runA,
                                   tessera::views::RunHandle* runB, const QString& key, int maxPoints = 1000) const;

    // The largest value over [from, to] of any of `keys`, or of their sum when `stacked`; 0 if none.
    Q_INVOKABLE double maxValue(tessera::views::RunHandle* run, const QStringList& keys, bool stacked = false,
                                int from = 0, int to = -1) const;
    // A round axis maximum at or above `value` (1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten),
    // so the data fills most of the axis.
    Q_INVOKABLE double niceCeiling(double value) const;
    // The y axis of a renting run's GPUs against its budget, for runs A and B (either may be
    // null): {top, peak, cutsPeaks, note}, the exported charts' rule (chart::BudgetAxis).
    Q_INVOKABLE QVariantMap budgetAxis(tessera::views::RunHandle* runA, tessera::views::RunHandle* runB) const;
};

}  // namespace tessera::views
