#include "store/StudyMerge.h"

#include "io/InputError.h"
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

std::vector<std::string> names(sqlite::Database& db, const std::string& sql)
{
    std::vector<std::string> out;
    sqlite::Statement select(db, sql);
    while (select.step())
        out.push_back(select.text(0));
    return out;
}

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

// Runs first (everything refers to them), then the node lists and their nodes, then the rest.
std::vector<std::string> tablesInCopyOrder(sqlite::Database& db)
{
    std::vector<std::string> tables = names(
        db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'sweep_shard' "
            "ORDER BY name");
    const auto rank = [](const std::string& name) {
        return name == "runs" ? 0 : name == "node_lists" ? 1 : name == "node_list_nodes" ? 2 : 3;
    };
    std::stable_sort(tables.begin(), tables.end(),
                     [&](const std::string& a, const std::string& b) { return rank(a) < rank(b); });
    return tables;
}

// Copies every row of `table` from the shard, with its run ids made the merged ones.
void copyTable(const Shard& shard, sqlite::Database& out, const std::string& table,
               const std::map<int64_t, int64_t>& newIds)
{
    const std::vector<std::string> columns = names(out, fmt::format("SELECT name FROM pragma_table_info('{}')", table));
    const bool shared = table == "node_lists" || table == "node_list_nodes";  // by content hash, once
    sqlite::Statement insert(out, fmt::format("INSERT {}INTO {} ({}) VALUES ({})", shared ? "OR IGNORE " : "", table,
                                              fmt::join(columns, ", "),
                                              fmt::join(std::vector<std::string>(columns.size(), "?"), ", ")));
    auto& db = shard.store->database();
    sqlite::Statement select(db, fmt::format("SELECT {} FROM {}", fmt::join(columns, ", "), table));
    while (select.step()) {
        for (size_t c = 0; c < columns.size(); ++c) {
            const int column = int(c);
            const std::string& name = columns[c];
            const bool runId = name == "run_id" || name == "parent_run_id" || (table == "runs" && name == "id");
            if (runId && !select.isNull(column)) {
                const auto it = newIds.find(select.integer(column));
                if (it == newIds.end()) {
                    if (name == "parent_run_id") {  // a fork's parent outside the shard: as if deleted
                        insert.bind(column + 1, std::nullopt);
                        continue;
                    }
                    throw InputError::atRow(shard.path, table, std::to_string(select.integer(column)), name,
                                            "a run that sweep_runs does not number");
                }
                insert.bind(column + 1, it->second);
                continue;
            }
            switch (select.type(column)) {
            case sqlite::Statement::Type::Integer: insert.bind(column + 1, select.integer(column)); break;
            case sqlite::Statement::Type::Real: insert.bind(column + 1, select.real(column)); break;
            case sqlite::Statement::Type::Text: insert.bind(column + 1, select.text(column)); break;
            case sqlite::Statement::Type::Null: insert.bind(column + 1, std::nullopt); break;
            case sqlite::Statement::Type::Blob:
                throw InputError::atRow(shard.path, table, "?", name, "a blob where a study holds none");
            }
        }
        insert.run();
    }
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

void removeStudyFiles(const std::string& path)
{
    std::error_code ignored;
    for (const char* suffix : {"", "-journal", "-wal", "-shm"})
        std::filesystem::remove(path + suffix, ignored);
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
                              const std::function<void(const MergedSweep&)>& check)
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
    MergedSweep result{shards.front().record.csvHeader, {}};
    try {
        StudyStore merged(temporary, StudyStore::OpenMode::CreateIfMissing);
        auto& db = merged.database();
        sqlite::Transaction transaction(db);
        const std::vector<std::string> tables = tablesInCopyOrder(db);
        for (const Shard& shard : shards) {
            std::map<int64_t, int64_t> newIds;
            std::map<int64_t, std::vector<InputFile>> inputs = runInputs(shard);
            for (const SweepRunRows& run : shard.runs) {
                newIds[run.runId] = run.runNumber + 1;
                result.runs.push_back({run.runNumber, run.csvRows, inputs[run.runId]});
            }
            shard.store->guarded([&] {
                sqlite::Transaction snapshot(shard.store->database(), sqlite::Transaction::Kind::Read);
                for (const std::string& table : tables)
                    copyTable(shard, db, table, newIds);
            });
        }
        const SweepShardRecord& sweep = shards.front().record;
        SweepShardRecord whole = sweep;
        whole.shardIndex = 0;
        whole.shardCount = 1;
        sqlite::Statement record(db, "INSERT INTO sweep_shard (singleton, sweep_hash, command, shard_index, "
                                     "shard_count, sweep_runs, csv_header, complete) VALUES (0, ?, ?, 0, 1, ?, ?, 1)");
        record.bindAll(whole.sweepHash, whole.command, whole.sweepRuns, whole.csvHeader);
        record.run();
        std::sort(result.runs.begin(), result.runs.end(),
                  [](const MergedSweep::Run& a, const MergedSweep::Run& b) { return a.number < b.number; });
        if (check)
            check(result);
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

    return result;
}

}  // namespace tessera
