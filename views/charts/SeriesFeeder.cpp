#include "charts/SeriesFeeder.h"

#include "chart/CurveSamples.h"
#include "chart/DifferenceSeries.h"
#include "chart/SeriesPlan.h"
#include "chart/IntervalRows.h"
#include "chart/MetricLookup.h"
#include "chart/NiceTicks.h"
#include "chart/rental/BudgetAxis.h"
#include "chart/StepCorners.h"
#include "charts/MinMaxDownsampler.h"

#include <QLineSeries>

#include <algorithm>
#include <cmath>
#include <optional>

namespace tessera::views {

namespace {

struct Range {
    size_t from = 0, to = 0;
};

std::optional<Range> positions(const RunHandle* run, int from, int to)
{
    if (!run || run->run().series().rows() == 0)
        return std::nullopt;
    const size_t last = run->run().series().rows() - 1;
    Range r{size_t(std::max(from, 0)), to < 0 ? last : std::min(size_t(to), last)};
    if (r.from > r.to)
        return std::nullopt;
    return r;
}

std::optional<std::span<const double>> column(const RunHandle* run, const QString& key)
{
    const MetricSeries& s = run->run().series();
    const auto c = s.find(key.toStdString());
    if (!c)
        return std::nullopt;
    return s.column(*c);
}

// The element-wise sum of `keys` over the whole run; zeros when `keys` is empty. Unknown keys
// count as zero.
std::vector<double> summed(const RunHandle* run, const QStringList& keys)
{
    std::vector<double> sum(run->run().series().rows(), 0.0);
    for (const QString& key : keys)
        if (const auto values = column(run, key))
            for (size_t i = 0; i < sum.size(); ++i)
                sum[i] += (*values)[i];
    return sum;
}

// The samples `at` as points, with the corners of steps where the exports put them (StepCorners).
QList<QPointF> points(std::span<const double> x, std::span<const double> y, const std::vector<size_t>& at,
                      chart::Steps steps)
{
    QList<QPointF> list;
    list.reserve(qsizetype(at.size()));
    for (size_t i : at)
        list.append(QPointF(x[i], y[i]));
    return chart::stepCorners(list, steps);
}

chart::Steps steps(const RunHandle* run, const QString& key) { return chart::SeriesPlan::steps(run->run(), key.toStdString()); }

}  // namespace

SeriesFeeder::SeriesFeeder(QObject* parent) : QObject(parent) {}

int SeriesFeeder::fill(QXYSeries* series, RunHandle* run, const QString& key, int from, int to, int maxPoints) const
{
    if (!series)
        return 0;
    const auto range = positions(run, from, to);
    const auto y = range ? column(run, key) : std::nullopt;
    if (!y) {
        series->clear();
        return 0;
    }
    const auto at = MinMaxDownsampler::indices(*y, range->from, range->to, size_t(std::max(maxPoints, 2)));
    const MetricSeries& s = run->run().series();
    const QList<QPointF> rows = points(s.column(0), *y, at, steps(run, key));
    const QList<QPointF> drawn = chart::curveSamples(rows, chart::MetricLookup(s), s, *s.find(key.toStdString()), 1.0,
                                                     std::max(maxPoints, 2));
    series->replace(drawn);
    return int(at.size() + size_t(drawn.size() - rows.size()));  // the samples, without step corners
}

int SeriesFeeder::fillStacked(QAreaSeries* area, RunHandle* run, const QStringList& belowKeys, const QString& key,
                              int from, int to, int maxPoints) const
{
    if (!area || !area->upperSeries())
        return 0;
    const auto range = positions(run, from, to);
    if (!range || !column(run, key)) {
        area->upperSeries()->clear();
        if (area->lowerSeries())
            area->lowerSeries()->clear();
        return 0;
    }
    const std::vector<double> lower = summed(run, belowKeys);
    const std::vector<double> upper = summed(run, belowKeys + QStringList{key});
    const auto at = MinMaxDownsampler::indices(upper, range->from, range->to, size_t(std::max(maxPoints, 2)));
    const auto x = run->run().series().column(0);
    const chart::Steps drawn = steps(run, key);
    area->upperSeries()->replace(points(x, upper, at, drawn));
    if (area->lowerSeries())
        area->lowerSeries()->replace(points(x, lower, at, drawn));
    return int(at.size());
}

int SeriesFeeder::fillDifference(QXYSeries* series, RunHandle* runA, RunHandle* runB, const QString& key,
                                 int maxPoints) const
{
    if (!series)
        return 0;
    const auto rangeA = positions(runA, 0, -1), rangeB = positions(runB, 0, -1);
    const auto a = rangeA ? column(runA, key) : std::nullopt;
    const auto b = rangeB ? column(runB, key) : std::nullopt;
    if (!a || !b) {
        series->clear();
        return 0;
    }
    // At every step time of either run, past A's end too where A knows its state after it.
    const chart::DifferenceSeries difference = chart::DifferenceSeries::of(runA->run(), runB->run(), key.toStdString());
    const std::vector<double>& xs = difference.xs;
    const std::vector<double>& diff = difference.values;
    if (diff.empty()) {
        series->clear();
        return 0;
    }
    const auto at = MinMaxDownsampler::indices(diff, 0, diff.size() - 1, size_t(std::max(maxPoints, 2)));
    series->replace(points(xs, diff, at, steps(runA, key)));
    return int(at.size());
}

double SeriesFeeder::maxValue(RunHandle* run, const QStringList& keys, bool stacked, int from, int to) const
{
    const auto range = positions(run, from, to);
    if (!range)
        return 0.0;
    const std::vector<double> values = stacked ? summed(run, keys) : std::vector<double>{};
    double best = 0.0;
    auto scan = [&](std::span<const double> v) {
        for (size_t i = range->from; i <= range->to; ++i)
            if (std::isfinite(v[i]))
                best = std::max(best, v[i]);
    };
    if (stacked)
        scan(values);
    else
        for (const QString& key : keys)
            if (const auto v = column(run, key))
                scan(*v);
    return best;
}

double SeriesFeeder::niceCeiling(double value) const { return chart::NiceTicks::niceCeiling(value); }

QVariantMap SeriesFeeder::budgetAxis(RunHandle* runA, RunHandle* runB) const
{
    chart::ChartRuns runs;
    for (RunHandle* handle : {runA, runB})
        if (handle && handle->shared())
            runs.push_back(handle->shared().get());
    const chart::BudgetAxis axis = chart::BudgetAxis::of(runs);
    return {{"top", axis.top}, {"peak", axis.peak}, {"cutsPeaks", axis.cutsPeaks()}, {"note", axis.note()}};
}

}  // namespace tessera::views
