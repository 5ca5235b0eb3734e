#include "chart/MetricLookup.h"

#include "chart/IntervalRows.h"
#include "run/Run.h"

#include <algorithm>

namespace tessera::chart {

MetricLookup MetricLookup::of(const Run& run)
{
    return MetricLookup(run.series(), IntervalRows::of(run.info().kind), run.afterEnd());
}

std::optional<double> MetricLookup::at(std::string_view key, double x) const
{
    const auto column = series_.find(key);
    return column ? at(*column, x) : std::nullopt;
}

std::optional<double> MetricLookup::at(size_t column, double x) const
{
    if (series_.rows() == 0 || column >= series_.columns())
        return std::nullopt;
    const auto xs = series_.column(0);
    const auto ys = series_.column(column);
    if (x > xs.back() && column < afterEnd_.size())
        return afterEnd_[column];
    if (x < xs.front() || x > xs.back())
        return std::nullopt;
    if (intervalRows_ && series_.info(column).interpolation == Interpolation::Step)
        return ys[size_t(std::lower_bound(xs.begin(), xs.end(), x) - xs.begin())];  // x's interval
    // The last row with x at or before the target: the state after every step up to there.
    const size_t after = size_t(std::upper_bound(xs.begin(), xs.end(), x) - xs.begin());
    const size_t row = after - 1;
    if (series_.info(column).interpolation == Interpolation::Step || after == xs.size() || xs[after] == xs[row])
        return ys[row];
    const double t = (x - xs[row]) / (xs[after] - xs[row]);
    if (series_.info(column).interpolation == Interpolation::TimeAverage) {
        // The integral so far, linear between the rows, over the time so far.
        const double x0 = xs.front();
        const double before = ys[row] * (xs[row] - x0), next = ys[after] * (xs[after] - x0);
        return x > x0 ? (before + (next - before) * t) / (x - x0) : ys[row];
    }
    return ys[row] + (ys[after] - ys[row]) * t;
}

}  // namespace tessera::chart
