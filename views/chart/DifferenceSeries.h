#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace tessera {
class Run;
}

namespace tessera::chart {

// B − A of one metric at every step time of either run (the union of their x columns), each run
// read as it is drawn there (MetricLookup: interpolated, held, the interval holding x, or its
// state after its end). Sampling at one run's rows only misses what the other did between them
// (an autoscaler releasing its GPUs between two BOA events). Rows at the same x are paired in
// order, so a fork and its parent compare row for row where they share a grid. Nothing where
// either run has no value (before a run's first row, past an end it knows nothing after). A time
// average (Interpolation::TimeAverage) is a curve between rows: it is also read at
// kCurveSamples + 1 x spread evenly over the span, so that a line through the points follows it.
struct DifferenceSeries {
    static constexpr size_t kCurveSamples = 1000;

    std::vector<double> xs;      // ascending, in the runs' own x unit
    std::vector<double> values;  // B − A at xs

    static DifferenceSeries of(const Run& a, const Run& b, std::string_view key);
};

}  // namespace tessera::chart
