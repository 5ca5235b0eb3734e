#pragma once

#include "io/InputError.h"

#include <optional>
#include <string>
#include <vector>

namespace tessera {

// The ParvaGPU SLO scenarios (traces.md 5): SLO_req_rate.csv (req/s) and SLO_latency.csv (ms)
// in one folder. No header; one row per scenario (the data has 6); one column per model, in the
// alphabetical order of the profile files. `N/A` = the model is absent from that scenario.
// Values are read as the reference reads them, as integers: 418.5 -> 418 (its atoi keeps the
// whole part). Unlike atoi, text that is not a number is an error, and so is a value below 1,
// which the reference would take for "absent". A model must be absent from both files or from
// neither. Both files need the same number of rows.
struct SloTable {
    std::vector<std::string> models;
    std::vector<std::vector<std::optional<double>>> ratesRps;      // [row][model]
    std::vector<std::vector<std::optional<double>>> latencySloMs;  // [row][model]
    // Interrupted final lines skipped, and the SHA-256 of both files.
    LoadWarnings warnings;

    size_t rowCount() const { return ratesRps.size(); }

    static SloTable load(const std::string& sloDir, const std::vector<std::string>& models);
};

}  // namespace tessera
