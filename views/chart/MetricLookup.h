#pragma once

#include "run/MetricSeries.h"

#include <optional>
#include <string_view>
#include <vector>

namespace tessera {
class Run;
}

namespace tessera::chart {

// A metric of a run at an arbitrary x of its natural axis (column 0), for comparisons of runs
// whose steps fall at different x, read as each metric says (MetricInfo::interpolation): a
// gradual quantity is interpolated linearly, a time average exactly (its integral linearly,
// Interpolation::TimeAverage), a state that holds until the next step takes the
// last row at or before x; with `intervalRows` (a kind whose rows describe the interval that ends
// at their x: IntervalRows), a step metric takes the first row at or after x, whose interval
// holds x. Either way the number the chart draws at x. Past the last row, the run's state after
// its end (Run::afterEnd) where the run knows it.
class MetricLookup {
public:
    explicit MetricLookup(const MetricSeries& series, bool intervalRows = false, std::vector<double> afterEnd = {})
        : series_(series), intervalRows_(intervalRows), afterEnd_(std::move(afterEnd)) {}
    // `run`'s series, read as its kind's rows are (IntervalRows) and held past its end.
    static MetricLookup of(const Run& run);

    // Nothing when x lies outside the run's x range (and past its end, when the run knows no
    // state after it) or the column is missing.
    std::optional<double> at(std::string_view key, double x) const;
    std::optional<double> at(size_t column, double x) const;

private:
    const MetricSeries& series_;
    bool intervalRows_ = false;
    std::vector<double> afterEnd_;
};

}  // namespace tessera::chart
