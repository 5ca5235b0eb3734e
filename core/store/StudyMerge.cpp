#include "store/StudyMerge.h"

#include "io/InputError.h"
#include "store/ShardCopy.h"
#include "store/StudyFiles.h"
#include "store/StudyStore.h"
#include "store/SweepGridRows.h"
#include "store/SweepShardArchive.h"
#include "util/PrintableText.h"

#include <algorithm>
#include <filesystem>
#include <functional>
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

// Grid CSV rows that fit the sweep's header, as the app's Sweep tab requires: merge writes them
// out as they are, as the sweep's grid.csv.
void requireGridRows(const Shard& shard)
{
    const size_t fields = SweepGridRows::header(shard.path, shard.record.csvHeader).size();
    for (const SweepRunRows& run : shard.runs)
        SweepGridRows::rows(shard.path, run, fields);
}

// Opens a shard read-only and checks it is whole: its record, complete, and as many runs as its
// I/N holds of the sweep, each numbered as the shard's, with grid CSV rows that fit its header.
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
            path, "sweep_shard", SweepShardArchive::kRecordRow, "complete",
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
    requireGridRows(shard);
    return shard;
}

// Every shard once, all of one sweep: else an InputError naming the shard at fault.
void checkOneSweep(const std::vector<Shard>& shards)
{
    const Shard& first = shards.front();
    std::map<int64_t, const Shard*> byIndex;
    for (const Shard& shard : shards) {
        if (shard.record.sweepHash != first.record.sweepHash || shard.record.shardCount != first.record.shardCount ||
            shard.record.sweepRuns != first.record.sweepRuns || shard.record.csvHeader != first.record.csvHeader)
            throw InputError::fileLevel(
                shard.path,
                shard.record.sweepHash != first.record.sweepHash
                    ? fmt::format("a shard of another sweep than {} (its command: {}; {}'s: {})",
                                  printableExcerpt(first.path), printableExcerpt(shard.record.command, 400),
                                  printableExcerpt(first.path), printableExcerpt(first.record.command, 400))
                : shard.record.shardCount != first.record.shardCount
                    ? fmt::format("shard {}/{} of a sweep cut into {} shards, {} into {}: cut another way",
                                  shard.record.shardIndex, shard.record.shardCount, shard.record.shardCount,
                                  printableExcerpt(first.path), first.record.shardCount)
                    // The same command, yet another sweep: an edited or damaged record.
                    : fmt::format("table sweep_shard says the sweep has {} runs and a header of {} bytes, {}'s "
                                  "{} runs and {} bytes: it is damaged or was edited; run its task again",
                                  shard.record.sweepRuns, shard.record.csvHeader.size(), printableExcerpt(first.path),
                                  first.record.sweepRuns, first.record.csvHeader.size()));
        const auto [it, added] = byIndex.emplace(shard.record.shardIndex, &shard);
        if (!added)
            throw InputError::fileLevel(shard.path, fmt::format("shard {}/{} is given twice: {} is the same shard",
                                                                shard.record.shardIndex, shard.record.shardCount,
                                                                printableExcerpt(it->second->path)));
    }
    // Named up to a few: a sweep of a million shards given one must not print a million.
    constexpr size_t kNamed = 5;
    std::vector<std::string> missing;
    const int64_t missingCount = first.record.shardCount - int64_t(byIndex.size());
    for (int64_t i = 0; i < first.record.shardCount && missing.size() < kNamed; ++i)
        if (!byIndex.count(i))
            missing.push_back(fmt::format("{}/{}", i, first.record.shardCount));
    if (missingCount > int64_t(missing.size()))
        missing.push_back(fmt::format("and {} more", missingCount - int64_t(missing.size())));
    if (missingCount > 0)
        throw InputError::fileLevel(first.path, fmt::format("its sweep has {} shards; missing: {}",
                                                            first.record.shardCount, fmt::join(missing, ", ")));
}

// The shards together hold runs 0 .. sweepRuns-1, each once: what the merged study's record
// will say. (Each shard's count and numbers were checked against its I/N, so a gap here is a
// record that lies.)
void requireEveryRun(const std::vector<Shard>& shards)
{
    const Shard& first = shards.front();
    std::vector<bool> seen(size_t(first.record.sweepRuns), false);
    int64_t count = 0;
    for (const Shard& shard : shards)
        for (const SweepRunRows& run : shard.runs) {
            if (run.runNumber < 0 || run.runNumber >= first.record.sweepRuns || seen[size_t(run.runNumber)])
                throw InputError::atRow(shard.path, "sweep_runs", std::to_string(run.runId), "run_number",
                                        fmt::format("not one of the sweep's runs 0 to {}, or another shard's too",
                                                    first.record.sweepRuns - 1),
                                        std::to_string(run.runNumber));
            seen[size_t(run.runNumber)] = true;
            ++count;
        }
    if (count != first.record.sweepRuns)
        throw InputError::fileLevel(first.path, fmt::format("the shards hold {} of the sweep's {} runs: a shard "
                                                            "is damaged or was edited",
                                                            count, first.record.sweepRuns));
}

// Each run's input files, by run id: merge --csv tells a grid's input points apart by them.
std::map<int64_t, std::vector<InputFile>> runInputs(const Shard& shard)
{
    return shard.store->guarded([&] {
        std::map<int64_t, std::vector<InputFile>> inputs;
        sqlite::Statement select(shard.store->database(),
                                 "SELECT run_id, role, path, content_hash FROM run_inputs ORDER BY run_id, role");
        while (select.step())
            inputs[select.integer(0)].push_back({select.text(1), select.text(2), select.text(3)});
        return inputs;
    });
}

// The sweep's grid CSV rows and inputs by run number (requireEveryRun: each run once).
MergedSweep mergedSweep(const std::vector<Shard>& shards)
{
    MergedSweep sweep{shards.front().record.csvHeader, std::vector<MergedSweep::Run>(size_t(shards.front().record.sweepRuns))};
    for (const Shard& shard : shards) {
        std::map<int64_t, std::vector<InputFile>> inputs = runInputs(shard);
        for (const SweepRunRows& run : shard.runs)
            sweep.runs[size_t(run.runNumber)] = {run.runNumber, run.csvRows, std::move(inputs[run.runId])};
    }
    return sweep;
}

}  // namespace

std::string MergedSweep::csv(const std::vector<const Run*>& runs) const
{
    std::string text = csvHeader;
    for (const Run* run : runs)
        text += run->csvRows;
    return text;
}

MergedSweep StudyMerge::merge(const std::vector<std::string>& shardPaths, const std::string& out,
                              const std::function<void(const MergedSweep&)>& beforeReplacing)
{
    std::vector<Shard> shards;
    for (const std::string& path : shardPaths)
        shards.push_back(openShard(path));
    checkOneSweep(shards);
    requireEveryRun(shards);
    // Shard order, so that nothing depends on the order of the command line.
    std::sort(shards.begin(), shards.end(),
              [](const Shard& a, const Shard& b) { return a.record.shardIndex < b.record.shardIndex; });

    const std::string temporary = out + ".merging";
    StudyFiles::remove(temporary);
    const MergedSweep sweepRuns = mergedSweep(shards);
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
        if (beforeReplacing)
            beforeReplacing(sweepRuns);
        transaction.commit();
    } catch (...) {
        StudyFiles::remove(temporary);
        throw;
    }
    // A study of the old `out` (its journal included) gives way to the new one whole.
    StudyFiles::removeJournals(out);
    std::filesystem::rename(temporary, out);
    return sweepRuns;
}

}  // namespace tessera
