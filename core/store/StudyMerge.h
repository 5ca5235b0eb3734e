#pragma once

#include <functional>
#include <string>
#include <vector>

namespace tessera {

// `tessera-cli merge` (contracts.md 10): the shard studies of one sweep into one new study.
class StudyMerge {
public:
    // Checks that `shards` are every shard of one sweep, each once and complete, then copies all
    // their runs (every table a run owns, and the node lists they use) into a new study at `out`
    // (ShardCopy), written beside it and renamed over it, so that `out` is the old file or the
    // whole new one and a re-run replaces it. The copy is one transaction for up to ten shards
    // (SQLite's limit on attached databases), one per ten beyond: the rename makes it whole. Run ids are the runs' numbers in the sweep plus
    // one, whatever the order of `shards`. Returns the sweep's grid CSV: the header and every
    // run's rows by run number, as the unsharded command writes it. A bad shard is an InputError
    // naming it; `out` is then left as it was. `beforeReplacing`, when given, gets the grid CSV
    // before `out` is replaced: what it throws leaves `out` as it was (merge --csv writes the CSV
    // beside its file there, so that a CSV it cannot write does not cost the old study).
    static std::string merge(const std::vector<std::string>& shards, const std::string& out,
                             const std::function<void(const std::string& gridCsv)>& beforeReplacing = {});
};

}  // namespace tessera
