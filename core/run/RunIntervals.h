#pragma once

#include <cstdint>
#include <string>
#include <string_view>
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
    int32_t subject = -1;   // index into RunIntervals::subjects (the job the bar is part of); -1: none
};

// What several bars are parts of (a training job on several GPUs over several placements): the
// Gantt hovers, selects, highlights and colours them together.
struct RunSubject {
    std::string name;     // "job 80"
    std::string details;  // the hover text: "job 80 · class A · 24 GPUs · 1.20-5.31 h · slowdown 1.04×"
    struct Span {
        double fromX = 0;
        double toX = 0;
        std::string text;  // "rounds 12-40 · GPUs 0-3 · pm penalty 1.037 · locality 1.7× (2 nodes)"
    };
    std::vector<Span> spans;  // its placements over time, in order
};

struct RunIntervals {
    // Top to bottom. A lane named "<group> · <name>" ("node 3 · GPU 12") belongs to the group
    // before the first " · ": the Gantt sets groups apart (laneGroup); the name is all a study
    // keeps, so a reopened run groups its lanes alike.
    std::vector<std::string> lanes;
    std::vector<std::string> categories;  // for the legend; colours from the views' palette by index
    std::vector<RunInterval> intervals;
    std::vector<RunSubject> subjects;     // empty: bars are not parts of anything larger

    bool empty() const { return intervals.empty(); }
    // The group of lane `lane` ("node 3"), or "" for a lane of no group.
    std::string_view laneGroup(size_t lane) const
    {
        if (lane >= lanes.size())
            return {};
        const std::string_view name = lanes[lane];
        const size_t at = name.find(" · ");
        return at == std::string_view::npos ? std::string_view{} : name.substr(0, at);
    }
};

}  // namespace tessera
