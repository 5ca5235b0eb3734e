#pragma once

#include "run/MetricSeries.h"

#include <optional>
#include <string_view>

namespace tessera::chart {

// A metric of a run at an arbitrary x of its natural axis (column 0), for comparisons of runs
// whose steps fall at different x, read as each metric says (MetricInfo::interpolation): a
// gradual quantity is interpolated linearly, a state that holds until the next step takes the
// last row at or before x.
class MetricLookup {
public:
    explicit MetricLookup(const MetricSeries& series) : series_(series) {}

    // Nothing when x lies outside the run's x range or the column is missing.
    std::optional<double> at(std::string_view key, double x) const;
    std::optional<double> at(size_t column, double x) const;

private:
    const MetricSeries& series_;
};

}  // namespace tessera::chart
