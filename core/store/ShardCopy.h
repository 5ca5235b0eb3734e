#pragma once

#include "io/InputError.h"
#include "store/SqliteDatabase.h"
#include "store/SweepShardArchive.h"

#include <string>
#include <vector>

namespace tessera {

// Copies the runs of a sweep's shard studies into a new study inside SQLite (merge's copy,
// StudyMerge): each shard attached read-only and each of its tables copied by INSERT … SELECT,
// a run at a time in the order of the runs' numbers, so that every table is written in key
// order. A row per SQLite call through the API took three times as long.
//
// A shard is untrusted input. What copying row by row in C++ checked is checked here too, each
// a shard's error naming its table and row (contracts.md 3.3): a row of a run its sweep_runs
// does not number, a blob (no study column holds one), and a row the study's constraints
// refuse (a node list it does not hold, say).
class ShardCopy {
public:
    // One shard, checked whole by StudyMerge: every run numbered, as many as its I/N holds.
    struct Source {
        std::string path;
        const std::vector<SweepRunRows>* runs = nullptr;
    };

    // `out` is the new study; its tables (after StudySchema) are what is copied.
    explicit ShardCopy(sqlite::Database& out);

    // How many shards copy() takes at once: SQLite's limit on attached databases (10 in
    // Debian's build, which no setting raises).
    size_t maxGroup() const;
    // Copies every run of `group` (at most maxGroup() shards) into `out`, run ids made the
    // runs' numbers plus one, in one transaction. Node lists are shared by content hash: one
    // already there is kept. Not inside a transaction (SQLite attaches outside one only).
    void copy(const std::vector<Source>& group);

private:
    enum class Kind { Runs, RunRows, Shared };  // runs; a run's rows (a run_id column); the rest
    struct Table {
        std::string name;
        std::vector<std::string> columns;
        std::vector<std::string> key;  // the primary key's columns, for naming a row
        Kind kind = Kind::Shared;
    };

    void requireNumbered(const Source& source, const std::string& schema, const Table& table);
    std::string copySql(const std::string& schema, const Table& table) const;
    // After a failed INSERT … SELECT of `table` from `source`: the shard's fault, named.
    [[noreturn]] void throwCopyError(const Source& source, const std::string& schema, const Table& table,
                                     const sqlite::Error& error, int64_t runId);

    static InputError damaged(const Source& source, const sqlite::Error& error);
    // Runs `work`, reads of an attached shard: SQLite's "not a database" or "corrupt" is the
    // shard's input error.
    template <class Work>
    static void guarded(const Source& source, Work&& work)
    {
        try {
            work();
        } catch (const sqlite::Error& e) {
            if (e.isDamagedFile())
                throw damaged(source, e);
            throw;
        }
    }

    sqlite::Database& out_;
    std::vector<Table> tables_;  // in copy order: runs first, then node lists, then the rest
};

}  // namespace tessera
