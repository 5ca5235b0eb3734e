#pragma once

#include "model/Cluster.h"
#include "sim/PodSimulation.h"
#include "store/RunRecord.h"
#include "store/SqliteDatabase.h"
#include "store/StoredRun.h"

#include <optional>
#include <string>
#include <vector>

namespace tessera {

// A study: an SQLite file of saved runs (schema in StudySchema). Each write is one
// transaction, so a reader or a killed writer sees whole runs or none. A file that is not a
// study, or is damaged, raises InputError naming the file (the CLI's exit code 3).
class StudyStore {
public:
    // More nodes than any study holds; bounds sums of stored values.
    static constexpr int64_t kMaxStoredNodes = 100'000'000;

    using OpenMode = sqlite::Database::OpenMode;

    // CreateIfMissing and ExistingOnly open for writing, and fail at once (std::runtime_error)
    // when the study cannot be written. ReadOnly never writes, creates or initialises
    // anything: for listing and drawing, and it works on a read-only file or folder.
    explicit StudyStore(const std::string& path, OpenMode mode = OpenMode::CreateIfMissing);

    // A run to save and its user-visible name; an empty name becomes "POLICY seed SEED".
    struct NamedResult {
        const SimulationResult* result = nullptr;
        std::string name;
    };
    // Saves pod-scheduling runs of one trace in one transaction and returns their ids in
    // order: a batch is in the study whole or not at all.
    std::vector<int64_t> saveRuns(const Cluster& cluster, const std::vector<RunRecord::TraceFile>& inputs,
                                  const std::vector<NamedResult>& runs);
    int64_t saveRun(const Cluster& cluster, const std::vector<RunRecord::TraceFile>& inputs,
                    const SimulationResult& result, const std::string& name = {});

    // Every run of any kind, by ascending id.
    std::vector<RunRecord> listRuns();
    // The run with `id`, of any kind, or nothing.
    std::optional<RunRecord> findRun(int64_t id);
    // A pod-scheduling run with its nodes, pods, steps and metrics.
    StoredRun loadRun(int64_t id);
    void renameRun(int64_t id, const std::string& name);
    // Records that run `id` is a fork of run `parentId` from the parent's `position` on.
    void recordFork(int64_t id, int64_t parentId, int64_t position);
    // Removes the run and, when no table of any kind refers to it any more, its node list.
    void deleteRun(int64_t id);

    const std::string& path() const { return db_.path(); }
    // The study's format (PRAGMA user_version): the latest, or older for a study opened read-only.
    int64_t version() const { return version_; }
    // Now in UTC, ISO-8601, as runs.created_at holds it.
    static std::string utcNow();
    // For PRAGMAs and checks (integrity_check, counts) that the API does not cover.
    sqlite::Database& database() { return db_; }
    // Runs `work` (reads or writes of database()), turning SQLite's "not a database" and
    // "corrupt" into an InputError that names the study: for every reader of its tables, this
    // class's and a kind's archive alike.
    template <class Work>
    auto guarded(Work&& work) -> decltype(work())
    {
        try {
            return work();
        } catch (const sqlite::Error& e) {
            if (e.isDamagedFile())
                throwDamaged(e);
            throw;
        }
    }

private:
    friend class StudyBatch;
    // Writes into `db`: this study, or a batch's staging copy. With `id`, the run gets it.
    static int64_t insertPodRun(sqlite::Database& db, const std::string& nodeList,
                                const std::vector<RunRecord::TraceFile>& inputs, const NamedResult& run,
                                const std::string& createdAt, std::optional<int64_t> id = std::nullopt);
    static std::string insertNodeList(sqlite::Database& db, const Cluster& cluster);
    // All runs, or the one with id `only`, with their inputs.
    std::vector<RunRecord> readRecords(std::optional<int64_t> only);
    // The parts of loadRun, each checking every value it reads (a study is untrusted input).
    void readPodParameters(int64_t id, StoredRun& run);
    void readNodes(int64_t id, StoredRun& run);
    void readPods(int64_t id, StoredRun& run);
    void readSteps(int64_t id, StoredRun& run);
    void requireRun(int64_t id);
    [[noreturn]] void throwDamaged(const sqlite::Error& e) const;
    void deleteUnusedNodeLists();

    sqlite::Database db_;
    // The study's format: a read-only study of an older format is read as it is, without the
    // tables later formats added (it has no fork records, say).
    int64_t version_ = 0;
};

}  // namespace tessera
