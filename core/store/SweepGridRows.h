#pragma once

#include "store/SweepShardArchive.h"

#include <string>
#include <vector>

namespace tessera {

// A sweep's grid CSV as its study stores it (contracts.md 10): sweep_shard.csv_header, one line,
// and each run's sweep_runs.csv_rows, whole lines. Every line ends in a newline, is RFC 4180 and
// has as many fields as the header. The one check of them, for merge (which writes them out as
// the sweep's grid CSV) and the app's Sweep browser (which charts them): a damaged row is refused
// by both alike. Faults are InputErrors naming the study's table, row and column.
class SweepGridRows {
public:
    // The header's fields.
    static std::vector<std::string> header(const std::string& study, const std::string& csvHeader);
    // The fields of each of `run`'s rows, in order; `fieldCount` is the header's.
    static std::vector<std::vector<std::string>> rows(const std::string& study, const SweepRunRows& run,
                                                      size_t fieldCount);
};

}  // namespace tessera
