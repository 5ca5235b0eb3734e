#pragma once

#include "model/NodeState.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tessera {

// Everything behind one scheduling decision, for the decision inspector: per feasible node
// each plugin's raw and normalised score and the weighted total; per filtered node, why.
struct DecisionExplanation {
    struct Candidate {
        uint32_t node = 0;
        uint32_t tieRank = 0;             // position in the run's tie order
        std::vector<int64_t> raw;         // per plugin
        std::vector<int64_t> normalised;  // per plugin
        std::vector<double> measure;      // per plugin: RawScore::measure, NaN when it has none
        int64_t total = 0;
    };
    struct Filtered {
        uint32_t node = 0;
        std::string reason;  // with the node's figures, e.g. "insufficient CPU: 500 milli free, ..."
        std::string group;   // the reason without them, e.g. "insufficient CPU", to group nodes by
    };

    std::vector<std::string> plugins;
    std::vector<int64_t> weights;
    std::vector<bool> minMax;           // per plugin: normalised over the nodes (else raw = normalised)
    std::vector<std::string> measures;  // per plugin: ScorePlugin::measureName(), "" for none
    std::vector<Candidate> candidates;  // in tie order
    std::vector<Filtered> filtered;
    int64_t winner = -1;  // node index, -1 when the pod failed
    GpuMask gpus = 0;
    std::string why;      // "highest total", "tie ... first in the seeded node order", ...
};

}  // namespace tessera
