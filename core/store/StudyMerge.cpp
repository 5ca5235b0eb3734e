#include "store/StudyMerge.h"

#include "io/InputError.h"
#include "store/StoredValueCheck.h"
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

std::vector<std::string> names(sqlite::Database& db, const std::string& sql)
{
    std::vector<std::string> out;
    sqlite::Statement select(db, sql);
    while (select.step())
        out.push_back(select.text(0));
    return out;
}

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

// The sweep's grid CSV: the header and every run's rows by run number (requireEveryRun: each once).
std::string gridCsv(const std::vector<Shard>& shards)
{
    std::vector<const std::string*> rows(size_t(shards.front().record.sweepRuns));
    for (const Shard& shard : shards)
        for (const SweepRunRows& run : shard.runs)
            rows[size_t(run.runNumber)] = &run.csvRows;
    std::string csv = shards.front().record.csvHeader;
    for (const std::string* r : rows)
        csv += *r;
    return csv;
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
                requireNoBlobs(db, shard.path, table);  // throws, naming the row by its key
                throw InputError::atRow(shard.path, table, "?", name, "a blob where a study holds none");
            }
        }
        insert.run();
    }
}

}  // namespace

std::string StudyMerge::merge(const std::vector<std::string>& shardPaths, const std::string& out,
                              const std::function<void(const std::string& gridCsv)>& beforeReplacing)
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
    const std::string csv = gridCsv(shards);
    try {
        StudyStore merged(temporary, StudyStore::OpenMode::CreateIfMissing);
        auto& db = merged.database();
        sqlite::Transaction transaction(db);
        const std::vector<std::string> tables = tablesInCopyOrder(db);
        for (const Shard& shard : shards) {
            std::map<int64_t, int64_t> newIds;
            for (const SweepRunRows& run : shard.runs)
                newIds[run.runId] = run.runNumber + 1;
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
        if (beforeReplacing)
            beforeReplacing(csv);
        transaction.commit();
    } catch (...) {
        StudyFiles::remove(temporary);
        throw;
    }
    // A study of the old `out` (its journal included) gives way to the new one whole.
    StudyFiles::removeJournals(out);
    std::filesystem::rename(temporary, out);
    return csv;
}

}  // namespace tessera
