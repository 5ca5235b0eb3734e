#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tessera {

// What a Gantt chart draws for a run: bars on named lanes (a job's phases, a GPU's tenants)
// along the run's x axis (column 0 of its series, with its unit). Optional: a kind without
// intervals returns an empty list and no Gantt chart is shown.
struct RunInterval {
    uint32_t lane = 0;   // index into RunIntervals::lanes
    double fromX = 0;
    double toX = 0;      // >= fromX
    std::string label;   // hover text and, where it fits, the bar's text
    int32_t category = -1;  // index into RunIntervals::categories (the bar's colour); -1: none
};

struct RunIntervals {
    std::vector<std::string> lanes;       // top to bottom
    std::vector<std::string> categories;  // for the legend; colours from the views' palette by index
    std::vector<RunInterval> intervals;

    bool empty() const { return intervals.empty(); }
};

}  // namespace tessera
