#pragma once

#include <string>
#include <vector>

namespace tessera {

// A number per occupancy cell that holds for the whole run (a GPU's measured slowdown for one
// job class, the slowdown bin a placement rule puts it in), in OccupancyLayout cell order: what
// a kind's static per-GPU charts draw, kept by a study like the metric series, so that a
// reopened run draws them as the live one does.
struct CellValues {
    std::string key;    // stable id, e.g. "perf_var_a"
    std::string label;  // e.g. "PerfVar, class A"
    std::string unit;   // e.g. "×"
    std::vector<double> values;  // one per cell

    bool operator==(const CellValues&) const = default;
};

}  // namespace tessera
