#pragma once

#include <string>
#include <vector>

namespace tessera {

// One decision explained as a table, for the decision inspector of any run kind: a row per
// candidate (for pods: per feasible node) ranked best first, numeric columns (NaN where a
// value does not apply), the winning row and why it won, and the candidates that were
// filtered out with their reasons.
struct ExplanationTable {
    std::string subject;                // e.g. "pod openb-pod-0042 (share, 0.47 GPU, 8 vCPU)"
    std::vector<std::string> columns;   // numeric columns after the candidate name
    struct Row {
        std::string candidate;
        std::vector<double> values;
    };
    std::vector<Row> rows;              // best first: the winner, if any, is row 0
    int winner = -1;                    // index into rows, -1 if none
    std::string outcome;                // e.g. "placed on node X, GPU 3"
    std::string why;
    struct Filtered {
        std::string candidate;
        std::string reason;  // e.g. "insufficient CPU: 500 milli free, 8000 requested"
        std::string group;   // the reason's kind, e.g. "insufficient CPU"
    };
    std::vector<Filtered> filtered;
};

}  // namespace tessera
