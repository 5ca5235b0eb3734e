#pragma once

#include "run/MetricSeries.h"

#include <optional>
#include <string_view>

namespace tessera::chart {

// A metric of a run at an arbitrary x of its natural axis (column 0), for comparisons of runs
// whose steps fall at different x. Arrived % changes gradually, so it interpolates linearly;
// replay time holds each state until the next event, so it takes the last row at or before x.
class MetricLookup {
public:
    enum class Mode { Linear, Step };

    MetricLookup(const MetricSeries& series, Mode mode) : series_(series), mode_(mode) {}

    // Nothing when x lies outside the run's x range or the column is missing.
    std::optional<double> at(std::string_view key, double x) const;
    std::optional<double> at(size_t column, double x) const;

private:
    const MetricSeries& series_;
    Mode mode_;
};

}  // namespace tessera::chart
