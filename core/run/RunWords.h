#pragma once

#include <string>
#include <utility>
#include <vector>

namespace tessera {

// How a run kind names its things wherever the app writes about them (timeline, decision
// inspector, jump box): a step is a "decision" for pods, a "minute" or a "round" for others; a
// row of Run::explain() is a "node" for pods, a "candidate (profile, batch)" for inference. The
// x axis itself is column 0 of Run::series() (its label and unit); `positionText` says how a
// point of it reads in a sentence. The defaults are the pod kind's words.
struct RunWords {
    std::string step = "decision";          // one step of the timeline
    std::string steps = "decisions";
    std::string candidate = "node";         // one row of an explanation
    std::string candidates = "nodes";
    std::string feasible = "feasible";      // what the ranked rows are
    std::string filtered = "filtered out";  // what the listed non-candidates are
    std::string occupancy = "GPU occupancy";        // the shared occupancy grid's name
    std::string groupHeatmap = "Fragmentation heatmap";  // the shared heatmap of Run::groupValueInfo()
    std::string group = "node";             // one group of the occupancy layout (a row of cells)
    std::string groups = "nodes";
    std::string groupBands = "GPU model";   // what the groups are banded by
    std::string cell = "GPU";               // one cell of the occupancy layout
    std::string cells = "GPUs";
    std::string inUse = "in use";           // what a cell of the grid in use is ("rented")
    std::string occupant = "pod";           // what holds a GPU (listed when a group is selected)
    std::string occupants = "pods";
    std::string inspector = "Decision inspector";  // the shared view of Run::explain() at the cursor
    // A point of the x axis in a sentence; "{}" is the value with its unit ("43.20 %"), e.g.
    // "{} arrived". "{}" alone when the value says it all (a time).
    std::string positionText = "{}";

    // Every word by a stable name, for a study that keeps a run's words (so a reopened run of
    // any kind speaks as the live one).
    static const std::vector<std::pair<const char*, std::string RunWords::*>>& fields()
    {
        static const std::vector<std::pair<const char*, std::string RunWords::*>> all = {
            {"step", &RunWords::step},
            {"steps", &RunWords::steps},
            {"candidate", &RunWords::candidate},
            {"candidates", &RunWords::candidates},
            {"feasible", &RunWords::feasible},
            {"filtered", &RunWords::filtered},
            {"occupancy", &RunWords::occupancy},
            {"group_heatmap", &RunWords::groupHeatmap},
            {"group", &RunWords::group},
            {"groups", &RunWords::groups},
            {"group_bands", &RunWords::groupBands},
            {"cell", &RunWords::cell},
            {"cells", &RunWords::cells},
            {"in_use", &RunWords::inUse},
            {"occupant", &RunWords::occupant},
            {"occupants", &RunWords::occupants},
            {"inspector", &RunWords::inspector},
            {"position_text", &RunWords::positionText},
        };
        return all;
    }

    // positionText with `value` put in for "{}".
    std::string position(const std::string& value) const
    {
        std::string text = positionText;
        const auto at = text.find("{}");
        return at == std::string::npos ? text : text.replace(at, 2, value);
    }
};

}  // namespace tessera
