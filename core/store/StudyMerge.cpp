#include "store/StudyMerge.h"

#include "io/InputError.h"
#include "store/ShardCopy.h"
#include "store/StudyStore.h"
#include "store/SweepShardArchive.h"
#include "util/PrintableText.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>

#include <fmt/format.h>

namespace tessera {

namespace {

struct Shard {
    std::string path;
    std::unique_ptr<StudyStore> store;
    SweepShardRecord record;
    std::vector<SweepRunRows> runs;
};

// Opens a shard read-only and checks it is whole: its record, complete, and as many runs as its
// I/N holds of the sweep, each numbered as the shard's.
Shard openShard(const std::string& path)
{
    Shard shard{path, std::make_unique<StudyStore>(path, StudyStore::OpenMode::ReadOnly), {}, {}};
    const auto record = SweepShardArchive::read(*shard.store);
    if (!record)
        throw InputError::fileLevel(path, "not a shard of a sweep: merge joins the studies written by a command's "
                                          "--shard I/N --db");
    shard.record = *record;
    const auto& r = shard.record;
    if (!r.complete)
        // The study's own row says so (contracts.md 3.3: a study's error names its table and row).
        throw InputError::atRow(
            path, "sweep_shard", "0", "complete",
            fmt::format("shard {}/{} is incomplete: its task ended before it finished writing it (killed "
                        "mid-write?); run that task again, then merge",
                        r.shardIndex, r.shardCount),
            "0");
    shard.runs = SweepShardArchive::runs(*shard.store);
    const int64_t stored = shard.store->guarded([&] { return shard.store->database().queryInteger("SELECT COUNT(*) FROM runs"); });
    if (int64_t(shard.runs.size()) != r.shardRuns() || stored != r.shardRuns())
        throw InputError::fileLevel(path, fmt::format("shard {}/{} holds {} runs ({} numbered) of the {} of its share of "
                                                      "the sweep: it is damaged or was edited; run its task again",
                                                      r.shardIndex, r.shardCount, stored, shard.runs.size(),
                                                      r.shardRuns()));
    for (const SweepRunRows& run : shard.runs)
        if (run.runNumber < 0 || run.runNumber >= r.sweepRuns || run.runNumber % r.shardCount != r.shardIndex)
            throw InputError::atRow(path, "sweep_runs", std::to_string(run.runId), "run_number",
                                    fmt::format("not a run of shard {}/{} of {} runs", r.shardIndex, r.shardCount,
                                                r.sweepRuns),
                                    std::to_string(run.runNumber));
    return shard;
}

// Every shard once, all of one sweep: else an InputError naming the shard at fault.
void checkOneSweep(const std::vector<Shard>& shards)
{
    const Shard& first = shards.front();
    std::map<int64_t, const Shard*> byIndex;
    for (const Shard& shard : shards) {
        if (shard.record.sweepHash != first.record.sweepHash || shard.record.shardCount != first.record.shardCount ||
            shard.record.csvHeader != first.record.csvHeader)
            throw InputError::fileLevel(
                shard.path,
                shard.record.sweepHash == first.record.sweepHash
                    ? fmt::format("shard {}/{} of a sweep cut into {} shards, {} into {}: cut another way",
                                  shard.record.shardIndex, shard.record.shardCount, shard.record.shardCount,
                                  printableExcerpt(first.path), first.record.shardCount)
                    : fmt::format("a shard of another sweep than {} (its command: {}; {}'s: {})",
                                  printableExcerpt(first.path), printableExcerpt(shard.record.command, 400),
                                  printableExcerpt(first.path), printableExcerpt(first.record.command, 400)));
        const auto [it, added] = byIndex.emplace(shard.record.shardIndex, &shard);
        if (!added)
            throw InputError::fileLevel(shard.path, fmt::format("shard {}/{} is given twice: {} is the same shard",
                                                                shard.record.shardIndex, shard.record.shardCount,
                                                                printableExcerpt(it->second->path)));
    }
    std::vector<std::string> missing;
    for (int64_t i = 0; i < first.record.shardCount; ++i)
        if (!byIndex.count(i))
            missing.push_back(fmt::format("{}/{}", i, first.record.shardCount));
    if (!missing.empty())
        throw InputError::fileLevel(first.path, fmt::format("its sweep has {} shards; missing: {}",
                                                            first.record.shardCount, fmt::join(missing, ", ")));
}

void removeStudyFiles(const std::string& path)
{
    std::error_code ignored;
    for (const char* suffix : {"", "-journal", "-wal", "-shm"})
        std::filesystem::remove(path + suffix, ignored);
}

}  // namespace

std::string StudyMerge::merge(const std::vector<std::string>& shardPaths, const std::string& out)
{
    std::vector<Shard> shards;
    for (const std::string& path : shardPaths)
        shards.push_back(openShard(path));
    checkOneSweep(shards);
    // Shard order, so that nothing depends on the order of the command line.
    std::sort(shards.begin(), shards.end(),
              [](const Shard& a, const Shard& b) { return a.record.shardIndex < b.record.shardIndex; });

    const std::string temporary = out + ".merging";
    removeStudyFiles(temporary);
    std::map<int64_t, std::string> rowsByNumber;
    for (const Shard& shard : shards)
        for (const SweepRunRows& run : shard.runs)
            rowsByNumber[run.runNumber] = run.csvRows;
    try {
        StudyStore merged(temporary, StudyStore::OpenMode::CreateIfMissing);
        auto& db = merged.database();
        // SQLite attaches only so many shards at once: a sweep of more shards is copied in one
        // transaction per group of them. The study is a file of merge's own until it is renamed
        // to `out` below, whole, so a merge that fails half-way leaves `out` as it was all the
        // same (contracts.md 10: one transaction, or its equivalent).
        ShardCopy copy(db);
        for (size_t first = 0; first < shards.size(); first += copy.maxGroup()) {
            std::vector<ShardCopy::Source> group;
            for (size_t i = first; i < std::min(shards.size(), first + copy.maxGroup()); ++i)
                group.push_back({shards[i].path, &shards[i].runs});
            copy.copy(group);
        }
        const SweepShardRecord& sweep = shards.front().record;
        sqlite::Transaction transaction(db);
        sqlite::Statement record(db, "INSERT INTO sweep_shard (singleton, sweep_hash, command, shard_index, "
                                     "shard_count, sweep_runs, csv_header, complete) VALUES (0, ?, ?, 0, 1, ?, ?, 1)");
        record.bindAll(sweep.sweepHash, sweep.command, sweep.sweepRuns, sweep.csvHeader);
        record.run();
        transaction.commit();
    } catch (...) {
        removeStudyFiles(temporary);
        throw;
    }
    // A study of the old `out` (its journal included) gives way to the new one whole.
    for (const char* suffix : {"-journal", "-wal", "-shm"}) {
        std::error_code ignored;
        std::filesystem::remove(out + suffix, ignored);
    }
    std::filesystem::rename(temporary, out);

    std::string csv = shards.front().record.csvHeader;
    for (const auto& [number, rows] : rowsByNumber)
        csv += rows;
    return csv;
}

}  // namespace tessera
