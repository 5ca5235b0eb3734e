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
    std::string candidateColumn;        // the candidate name's header; empty: "candidate"
    // What each header means, for its tooltip: [0] the candidate column, then one per entry of
    // `columns`. May be shorter, or empty: no tooltip.
    std::vector<std::string> columnHelp;
    struct Row {
        std::string candidate;
        std::vector<double> values;
        // Text cells (a profile name, a model): where texts[c] is non-empty, column c shows it
        // and values[c] is NaN. May be shorter than values, or empty: all cells are numbers.
        // A text with a number in values[c] is that number with a note (a rental width "4 (held
        // ≤ 4: span)"): shown as the text, aligned and sorted as the number.
        std::vector<std::string> texts{};
        // Where a table has several winners (one per job of a round), the rows that won; `winner`
        // is then -1.
        bool chosen = false;
        // A row the decision never reached (a step after the one taken), listed to answer "why not
        // that one?": shown greyed.
        bool greyed = false;
        // The occupancy group (a node, by its layout name) a click on the row selects; empty: the
        // group named `candidate` (a pod's candidate is its node). A training row names a job, so
        // it names the node of its GPU set's first GPU.
        std::string selects{};
        const std::string* text(size_t column) const
        {
            return column < texts.size() && !texts[column].empty() ? &texts[column] : nullptr;
        }
    };
    std::vector<Row> rows;              // best first: the winner, if any, is row 0
    int winner = -1;                    // index into rows, -1 if none
    std::string outcome;                // e.g. "placed on node X, GPU 3"
    std::string why;
    // What this decision preempted (evicted), by name, e.g. "job 17"; empty if nothing.
    std::vector<std::string> preempted;
    struct Filtered {
        std::string candidate;
        std::string reason;  // e.g. "insufficient CPU: 500 milli free, 8000 requested"
        std::string group;   // the reason's kind, e.g. "insufficient CPU"
    };
    std::vector<Filtered> filtered;
};

}  // namespace tessera
