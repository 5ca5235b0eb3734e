#include "store/SweepShardArchive.h"

#include "io/InputError.h"

#include <fmt/format.h>

namespace tessera {

void SweepShardArchive::begin(StudyStore& study, const SweepShardRecord& record)
{
    study.guarded([&] {
        auto& db = study.database();
        sqlite::Transaction transaction(db);
        if (db.queryInteger("SELECT COUNT(*) FROM runs") > 0 || db.queryInteger("SELECT COUNT(*) FROM sweep_shard") > 0)
            throw InputError::fileLevel(study.path(), "a shard's study must be new (--shard writes a study of its own, "
                                                      "for merge): this one already holds runs");
        sqlite::Statement insert(db, "INSERT INTO sweep_shard (singleton, sweep_hash, command, shard_index, "
                                     "shard_count, sweep_runs, csv_header, complete) VALUES (0, ?, ?, ?, ?, ?, ?, ?)");
        insert.bindAll(record.sweepHash, record.command, record.shardIndex, record.shardCount, record.sweepRuns,
                       record.csvHeader, int64_t(record.complete ? 1 : 0));
        insert.run();
        transaction.commit();
    });
}

void SweepShardArchive::finish(StudyStore& study, const std::vector<SweepRunRows>& runs)
{
    study.guarded([&] {
        auto& db = study.database();
        sqlite::Transaction transaction(db);
        sqlite::Statement insert(db, "INSERT INTO sweep_runs (run_id, run_number, csv_rows) VALUES (?, ?, ?)");
        for (const SweepRunRows& run : runs) {
            insert.bindAll(run.runId, run.runNumber, run.csvRows);
            insert.run();
        }
        // Last: a shard is complete only with every run recorded.
        db.exec("UPDATE sweep_shard SET complete = 1");
        transaction.commit();
    });
}

std::optional<SweepShardRecord> SweepShardArchive::read(StudyStore& study)
{
    if (study.version() < 7)  // sweep_shard came with format 7
        return std::nullopt;
    return study.guarded([&]() -> std::optional<SweepShardRecord> {
        sqlite::Statement select(study.database(), "SELECT sweep_hash, command, shard_index, shard_count, sweep_runs, "
                                                   "csv_header, complete FROM sweep_shard");
        if (!select.step())
            return std::nullopt;
        SweepShardRecord record;
        record.sweepHash = select.text(0);
        record.command = select.text(1);
        record.shardIndex = select.integer(2);
        record.shardCount = select.integer(3);
        record.sweepRuns = select.integer(4);
        record.csvHeader = select.text(5);
        record.complete = select.integer(6) == 1;
        // Untrusted: a count of 4e9 would have merge list 4e9 missing shards.
        const std::string iOverN = fmt::format("{}/{}", record.shardIndex, record.shardCount);
        if (const auto fault = RunShard::outOfBounds(record.shardIndex, record.shardCount))
            throw InputError::atRow(study.path(), "sweep_shard", kRecordRow,
                                    record.shardCount < 1 || record.shardCount > RunShard::kMaxCount ? "shard_count"
                                                                                                      : "shard_index",
                                    *fault, iOverN);
        if (const auto fault = RunShard::sweepOutOfBounds(record.sweepRuns))
            throw InputError::atRow(study.path(), "sweep_shard", kRecordRow, "sweep_runs", *fault,
                                    std::to_string(record.sweepRuns));
        return record;
    });
}

std::vector<SweepRunRows> SweepShardArchive::runs(StudyStore& study)
{
    return study.guarded([&] {
        std::vector<SweepRunRows> runs;
        sqlite::Statement select(study.database(),
                                 "SELECT run_id, run_number, csv_rows FROM sweep_runs ORDER BY run_number");
        while (select.step())
            runs.push_back({select.integer(0), select.integer(1), select.text(2)});
        return runs;
    });
}

}  // namespace tessera
