#pragma once

#include "run/RunShard.h"
#include "store/StudyStore.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tessera {

// What a shard study records of its sweep (contracts.md 10; tables sweep_shard, sweep_runs).
struct SweepShardRecord {
    std::string sweepHash;  // identity of the sweep: SHA-256 of its canonical command
    std::string command;    // the canonical command, for messages
    int64_t shardIndex = 0;
    int64_t shardCount = 1;
    int64_t sweepRuns = 0;  // runs of the whole sweep, all shards together
    std::string csvHeader;  // the grid CSV's header line with its newline
    bool complete = false;

    // How many of the sweep's runs this shard holds (a record read() returned is within
    // RunShard's bounds).
    int64_t shardRuns() const { return RunShard::runsOf(shardIndex, shardCount, sweepRuns); }
};

// One run of a shard: its id in the study, its number in the sweep, its grid CSV rows.
struct SweepRunRows {
    int64_t runId = 0;
    int64_t runNumber = 0;
    std::string csvRows;
};

// Writes and reads a shard's record. A shard is begun before its first run is saved and finished
// in one transaction after its last, with `complete` set in that transaction: a shard killed in
// between stays incomplete, which merge refuses.
class SweepShardArchive {
public:
    // The key of sweep_shard's one row (its `singleton`), as messages name it.
    static constexpr const char* kRecordRow = "0";

    // The study must be new (no runs, no shard record): a shard's study is its task's alone.
    // Otherwise an InputError naming it.
    static void begin(StudyStore& study, const SweepShardRecord& record);
    static void finish(StudyStore& study, const std::vector<SweepRunRows>& runs);
    // The record, or nothing when the study is no shard (or older than format 7). A record out
    // of RunShard's bounds (I/N, the sweep's run count) is an InputError naming its column.
    static std::optional<SweepShardRecord> read(StudyStore& study);
    // The runs recorded, by ascending run number.
    static std::vector<SweepRunRows> runs(StudyStore& study);
};

}  // namespace tessera
