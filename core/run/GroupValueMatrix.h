#pragma once

#include "run/Run.h"

#include <cstddef>
#include <vector>

namespace tessera {

// RunCursor::groupValues sampled at evenly spaced positions of a run: the data of a
// groups × time heatmap (for pods: each node's expected fragmentation). One forward walk of a
// cursor, so O(steps + columns · groups).
struct GroupValueMatrix {
    size_t groups = 0;
    std::vector<size_t> positions;  // the sampled position of each column, ascending
    std::vector<float> values;      // row-major: values[g * columns() + c]
    float maxValue = 0.0f;

    size_t columns() const { return positions.size(); }
    float at(size_t group, size_t column) const { return values[group * columns() + column]; }

    // Samples `columns` positions spread evenly over [from, to] of `run` (to is clamped to
    // run.steps()); fewer when the range holds fewer positions. Throws CancelledError when
    // `progress` returns false.
    static GroupValueMatrix sample(const Run& run, size_t columns, size_t from, size_t to,
                                   const ProgressCallback& progress = {});
    // Samples the given positions (ascending, repeats allowed, each clamped to run.steps()):
    // for columns placed by another rule, e.g. evenly in time.
    static GroupValueMatrix sampleAt(const Run& run, std::vector<size_t> positions,
                                     const ProgressCallback& progress = {});
};

}  // namespace tessera
