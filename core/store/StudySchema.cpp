#include "store/StudySchema.h"

#include "io/InputError.h"
#include "model/PodSpec.h"

#include <fmt/format.h>

#include <stdexcept>

namespace tessera {

namespace {

// Version 1: the generic run table and its inputs, node lists shared by content hash, and the
// tables of the pod-scheduling kind (prefix pod_). Later kinds add their own prefixed tables.
constexpr std::string_view kVersion1 = R"sql(
CREATE TABLE runs (
    id           INTEGER PRIMARY KEY,
    kind         TEXT NOT NULL,            -- 'pod-scheduling'; later 'mig-inference', 'training'
    name         TEXT NOT NULL,
    policy       TEXT NOT NULL,            -- canonical policy spec
    seed         INTEGER NOT NULL,         -- a uint64 stored as its two's-complement int64
    mode         TEXT NOT NULL,            -- 'experiment' or 'replay'
    tool_version TEXT NOT NULL,
    created_at   TEXT NOT NULL             -- UTC, ISO-8601
);

CREATE TABLE run_inputs (
    run_id       INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    role         TEXT NOT NULL,            -- 'nodes', 'pods', 'gpu-models'
    path         TEXT NOT NULL,
    content_hash TEXT NOT NULL,            -- SHA-256 of the file's bytes
    PRIMARY KEY (run_id, role)
) WITHOUT ROWID;

CREATE TABLE node_lists (
    content_hash TEXT PRIMARY KEY,         -- SHA-256 of the list as loaded
    node_count   INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE node_list_nodes (
    node_list    TEXT NOT NULL REFERENCES node_lists(content_hash) ON DELETE CASCADE,
    position     INTEGER NOT NULL,         -- the node index placements refer to
    name         TEXT NOT NULL,
    cpu_milli    INTEGER NOT NULL,
    memory_mib   INTEGER NOT NULL,
    gpu_count    INTEGER NOT NULL,
    gpu_model    TEXT NOT NULL,            -- '' for a node without GPUs
    PRIMARY KEY (node_list, position)
) WITHOUT ROWID;

CREATE TABLE pod_runs (
    run_id         INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
    node_list      TEXT NOT NULL REFERENCES node_lists(content_hash),
    tune           REAL NOT NULL,
    tie_order      TEXT NOT NULL,          -- 'seeded' or 'name'
    replay_step_s  INTEGER NOT NULL,
    capacity_milli INTEGER NOT NULL,
    fragment_scale INTEGER NOT NULL
);
CREATE INDEX pod_runs_by_node_list ON pod_runs(node_list);

CREATE TABLE pod_run_pods (
    run_id        INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    position      INTEGER NOT NULL,        -- index in the run's pod sequence
    name          TEXT NOT NULL,
    cpu_milli     INTEGER NOT NULL,
    memory_mib    INTEGER NOT NULL,
    num_gpu       INTEGER NOT NULL,
    gpu_milli     INTEGER NOT NULL,
    gpu_spec      TEXT NOT NULL,
    gpu_spec_mask INTEGER NOT NULL,        -- model ids of the run's registry
    creation_time INTEGER,
    deletion_time INTEGER,
    PRIMARY KEY (run_id, position)
) WITHOUT ROWID;

-- Position 0 is the state before the first step (kind NULL); position i > 0 is after step i-1.
CREATE TABLE pod_run_steps (
    run_id           INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    position         INTEGER NOT NULL,
    kind             TEXT CHECK (kind IN ('arrival', 'retry', 'departure', 'expiry')),
    pod              INTEGER,
    node             INTEGER,              -- NULL when the pod was not placed
    gpu_mask         INTEGER NOT NULL,
    time_s           INTEGER NOT NULL,
    arrived_milli    INTEGER NOT NULL,
    gpu_left_milli   INTEGER NOT NULL,
    fragment_scaled  INTEGER NOT NULL,
    cpu_watts        INTEGER NOT NULL,
    gpu_watts        INTEGER NOT NULL,
    used_nodes       INTEGER NOT NULL,
    used_gpus        INTEGER NOT NULL,
    pending          INTEGER NOT NULL,
    failed_cpu       INTEGER NOT NULL,
    failed_share     INTEGER NOT NULL,
    failed_1gpu      INTEGER NOT NULL,
    failed_2gpu      INTEGER NOT NULL,
    failed_4gpu      INTEGER NOT NULL,
    failed_8gpu      INTEGER NOT NULL,
    failed_other_gpu INTEGER NOT NULL,
    PRIMARY KEY (run_id, position)
) WITHOUT ROWID;
)sql";

// pod_run_steps has one failed_* column per pod class.
static_assert(kPodClassCount == 7);

constexpr StudyMigration kMigrations[] = {
    {1, kVersion1},
};

}  // namespace

std::span<const StudyMigration> StudySchema::migrations()
{
    return kMigrations;
}

int StudySchema::latestVersion(std::span<const StudyMigration> migrations)
{
    return migrations.empty() ? 0 : migrations.back().version;
}

void StudySchema::checkOwnership(sqlite::Database& db, int latest)
{
    const int64_t applicationId = db.queryInteger("PRAGMA application_id");
    const int64_t version = db.queryInteger("PRAGMA user_version");
    if (applicationId == 0) {
        // An application id of 0 with no tables is a new or empty file, ours to initialise.
        const int64_t objects = db.queryInteger("SELECT count(*) FROM sqlite_master");
        if (objects > 0 || version != 0)
            throw InputError::fileLevel(db.path(), fmt::format("not a Tessera study: an SQLite database of another "
                                                               "application ({} schema objects, no application id)",
                                                               objects));
        return;
    }
    if (applicationId != kApplicationId)
        throw InputError::fileLevel(db.path(), fmt::format("not a Tessera study: an SQLite database of another "
                                                           "application (application_id 0x{:08x})",
                                                           uint32_t(applicationId)));
    if (version > latest)
        throw InputError::fileLevel(db.path(), fmt::format("written by a newer Tessera (study format {}, this "
                                                           "version reads up to {})",
                                                           version, latest));
}

void StudySchema::attach(sqlite::Database& db, std::span<const StudyMigration> migrations)
{
    const int latest = latestVersion(migrations);
    checkOwnership(db, latest);
    // WAL: readers (the app) never block the writer (the CLI), and a killed writer leaves
    // only uncommitted frames, which the next open discards.
    const std::string journal = db.queryText("PRAGMA journal_mode = WAL");
    if (journal != "wal")
        throw std::runtime_error(fmt::format("{}: cannot switch the study to WAL mode (journal mode stays {})",
                                             db.path(), journal));
    if (db.queryInteger("PRAGMA user_version") >= latest)
        return;
    sqlite::Transaction transaction(db);
    // Another process may have migrated the file while this one waited for the write lock.
    checkOwnership(db, latest);
    const int64_t current = db.queryInteger("PRAGMA user_version");
    for (const auto& migration : migrations)
        if (migration.version > current)
            db.exec(migration.sql);
    db.exec(fmt::format("PRAGMA application_id = {}", kApplicationId));
    db.exec(fmt::format("PRAGMA user_version = {}", latest));
    transaction.commit();
}

}  // namespace tessera
