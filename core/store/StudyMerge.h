#pragma once

#include "io/InputFile.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace tessera {

// A merged sweep's grid CSV, by run: what `merge --csv` writes, one file or one per input point.
struct MergedSweep {
    struct Run {
        int64_t number = 0;              // in the sweep, from 0
        std::string csvRows;             // its rows of the grid CSV
        std::vector<InputFile> inputs;   // the files it read, as its study records them
    };
    std::string csvHeader;
    std::vector<Run> runs;  // by number

    // The header and `runs`' rows in order: the unsharded command's CSV, for one input point.
    std::string csv(const std::vector<const Run*>& runs) const;
};

// `tessera-cli merge` (contracts.md 10): the shard studies of one sweep into one new study.
class StudyMerge {
public:
    // Checks that `shards` are every shard of one sweep, each once and complete, then copies all
    // their runs (every table a run owns, and the node lists they use) into a new study at `out`
    // (ShardCopy), written beside it and renamed over it, so that `out` is the old file or the
    // whole new one and a re-run replaces it. The copy is one transaction for up to ten shards
    // (SQLite's limit on attached databases), one per ten beyond: the rename makes it whole. Run
    // ids are the runs' numbers in the sweep plus one, whatever the order of `shards`. Returns the
    // sweep's grid CSV rows and inputs by run, from which the unsharded command's CSV (or CSVs, one
    // per input point) are put back. A bad shard is an InputError naming it; `out` is then left as
    // it was. `beforeReplacing`, when given, sees the sweep before `out` is replaced: what it
    // throws leaves `out` as it was (merge --csv names and writes its CSVs beside their files
    // there, so that a CSV it cannot name or write does not cost the old study).
    static MergedSweep merge(const std::vector<std::string>& shards, const std::string& out,
                             const std::function<void(const MergedSweep&)>& beforeReplacing = {});
};

}  // namespace tessera
