#pragma once

#include "run/MetricSeries.h"

#include <optional>
#include <string_view>

namespace tessera::chart {

// A metric of a run at an arbitrary x of its natural axis (column 0), for comparisons of runs
// whose steps fall at different x, read as each metric says (MetricInfo::interpolation): a
// gradual quantity is interpolated linearly, a state that holds until the next step takes the
// last row at or before x; with `intervalRows` (a kind whose rows describe the interval that ends
// at their x: IntervalRows), a step metric takes the first row at or after x, whose interval
// holds x. Either way the number the chart draws at x.
class MetricLookup {
public:
    explicit MetricLookup(const MetricSeries& series, bool intervalRows = false)
        : series_(series), intervalRows_(intervalRows) {}

    // Nothing when x lies outside the run's x range or the column is missing.
    std::optional<double> at(std::string_view key, double x) const;
    std::optional<double> at(size_t column, double x) const;

private:
    const MetricSeries& series_;
    bool intervalRows_ = false;
};

}  // namespace tessera::chart
