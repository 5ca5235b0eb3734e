#pragma once

#include "cli/CommandLine.h"
#include "run/RunShard.h"
#include "store/StudyStore.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::cli {

// What a run-producing command given `--shard I/N --db STUDY` records in its study for merge
// (contracts.md 10, docs/sweeps.md): the sweep's identity, its I/N and, once all its runs are
// saved, each run's number and grid CSV rows. Off without --shard or without --db.
class SweepShard {
public:
    // Begins the shard in `study` (which must be new) when on. `command` is the subcommand's
    // name; `runNumbers` the shard's runs' numbers in the sweep of `sweepRuns` runs (job k of the
    // command is run runNumbers[k]); `csvHeader` the sweep's grid CSV header.
    SweepShard(const std::string& command, const CommandLine& args, const RunShard& shard, StudyStore* study,
               size_t sweepRuns, std::vector<size_t> runNumbers, const std::string& csvHeader);

    bool on() const { return study_ != nullptr; }
    // Keeps job k's grid CSV rows (appended, for a run written in parts); thread-safe across jobs.
    void keep(size_t job, std::string_view rows)
    {
        if (on())
            rows_[job] += rows;
    }
    // Records the shard's runs (their ids as saved, in job order) with their numbers and rows,
    // and marks the shard complete, in one transaction.
    void finish(const std::vector<int64_t>& savedIds);

    // The path of `--db`. For a shard (`--shard`) whose study does not exist yet, first removes
    // what a killed attempt of its task left beside it (StudyFiles::removeLeftovers: journals,
    // staging files), so that a re-run needs only the old study removed (the templates in
    // scripts/slurm and deploy/kubernetes do that). A shard's study is its task's alone.
    static std::string studyPath(const CommandLine& args);

    // The canonical command of a sweep: the subcommand and every flag by name with its values
    // in order, but --shard, --db, --csv, --decisions, --plan, --rounds, --quiet, --threads and
    // --engine (they change where a shard writes, or how fast, not what it runs); a flag of one
    // value the command has read stands as the value it took (CommandLine::reading), and not at
    // all when that is its default; a value that names a file stands as the SHA-256 of its
    // bytes, a folder as one over its files' relative paths and hashes. Call it once the command
    // has read its flags.
    static std::string canonicalCommand(const std::string& command, const CommandLine& args);

private:
    StudyStore* study_ = nullptr;
    std::vector<size_t> runNumbers_;
    std::vector<std::string> rows_;
};

}  // namespace tessera::cli
