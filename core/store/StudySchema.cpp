#include "store/StudySchema.h"

#include "io/InputError.h"
#include "model/PodSpec.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <vector>
#include <stdexcept>
#include <string>
#include <thread>
#include <variant>

namespace tessera {

namespace {

// A table of rows that belong to one run: removed with the run, keyed by the run and `key`,
// without a rowid. The one description of what every run-owned table of rows shares.
struct RunRowsTable {
    std::string_view name;
    std::string_view columns;  // after run_id: "\n" and a line "name TYPE ...,\n" a column
    std::string_view key;      // the primary key's columns after run_id
};

using SchemaPart = std::variant<std::string_view, RunRowsTable>;

// One migration's SQL: each part as written, or the CREATE TABLE of a run's rows.
std::string migrationSql(std::initializer_list<SchemaPart> parts)
{
    std::string sql;
    for (const SchemaPart& part : parts) {
        if (const auto* text = std::get_if<std::string_view>(&part)) {
            sql += fmt::format("{}\n", *text);
            continue;
        }
        const RunRowsTable& table = std::get<RunRowsTable>(part);
        sql += fmt::format("CREATE TABLE {} (\n    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,{}"
                           "    PRIMARY KEY (run_id, {})\n) WITHOUT ROWID;\n",
                           table.name, table.columns, table.key);
    }
    return sql;
}

// Version 1: the generic run table and its inputs, node lists shared by content hash, and the
// tables of the pod-scheduling kind (prefix pod_). Later kinds add their own prefixed tables.
std::string version1()
{
    return migrationSql({
        std::string_view(R"sql(
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
)sql"),
        RunRowsTable{"run_inputs", R"sql(
    role         TEXT NOT NULL,            -- 'nodes', 'pods', 'gpu-models'
    path         TEXT NOT NULL,
    content_hash TEXT NOT NULL,            -- SHA-256 of the file's bytes
)sql", "role"},
        std::string_view(R"sql(
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
)sql"),
        RunRowsTable{"pod_run_pods", R"sql(
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
)sql", "position"},
        // Position 0 is the state before the first step (kind NULL); position i > 0 is after step i-1.
        RunRowsTable{"pod_run_steps", R"sql(
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
)sql", "position"}
    });
}

// Version 2: what lets any kind's run reopen and chart without kind code (its shown
// parameters, its metric series per position, its occupancy layout), and where a fork came
// from, for every kind. A kind with its own tables (pod_) keeps its detail there.
std::string version2()
{
    return migrationSql({
        std::string_view(R"sql(
CREATE TABLE run_forks (
    run_id        INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
    parent_run_id INTEGER REFERENCES runs(id) ON DELETE SET NULL,  -- NULL once the parent is deleted
    fork_position INTEGER NOT NULL         -- the parent's timeline position the fork left at
);
)sql"),
        RunRowsTable{"run_parameters", R"sql(
    position INTEGER NOT NULL,             -- order of RunInfo::parameters
    name     TEXT NOT NULL,
    value    TEXT NOT NULL,
)sql", "position"},
        RunRowsTable{"run_metrics", R"sql(
    column_index INTEGER NOT NULL,         -- 0 is the run's x axis
    key          TEXT NOT NULL,
    label        TEXT NOT NULL,
    unit         TEXT NOT NULL,
    is_count     INTEGER NOT NULL,         -- 0 or 1
    is_step      INTEGER NOT NULL,         -- 1: holds until the next row (Interpolation::Step); 0: linear; 2: a time average
    is_headline  INTEGER NOT NULL,         -- 0 or 1
    higher_is_better INTEGER NOT NULL,     -- 0 or 1
    family       TEXT NOT NULL,            -- '' for none
    member       TEXT NOT NULL,
)sql", "column_index"},
        RunRowsTable{"run_metric_values", R"sql(
    position     INTEGER NOT NULL,         -- timeline position, 0 before the first step
    column_index INTEGER NOT NULL,
    value        REAL NOT NULL,            -- finite: a series holds numbers only
)sql", "position, column_index"},
        RunRowsTable{"run_layout_groups", R"sql(
    position   INTEGER NOT NULL,           -- OccupancyLayout::groups order
    name       TEXT NOT NULL,
    category   TEXT NOT NULL,              -- the category's name
    cell_count INTEGER NOT NULL,
)sql", "position"}
    });
}

// Version 3: how to make any kind's run again, so that a run reopened without its kind's state
// can be forked (RunRecipe): every file its inputs were read from, and the request it was
// simulated with followed by the forks that led to it. run_inputs (version 1) then holds, for
// every kind, what the kind's loader is given per role (a file, or a folder). A study of
// format 2 gains the tables empty: its runs open as before and cannot be forked.
std::string version3()
{
    return migrationSql({
        RunRowsTable{"run_input_files", R"sql(
    position     INTEGER NOT NULL,         -- order of RunInputs::inputFiles
    role         TEXT NOT NULL,            -- the kind's input role: 'nodes', 'profiles', 'scenario'
    path         TEXT NOT NULL,            -- absolute
    content_hash TEXT NOT NULL,            -- SHA-256 of the file's bytes
)sql", "position"},
        // Step 0 is the request the run was simulated with (fork_position -1); step k > 0 is the k-th
        // fork applied after it, at the position the run made so far was forked at.
        RunRowsTable{"run_request_steps", R"sql(
    step          INTEGER NOT NULL,
    fork_position INTEGER NOT NULL,
    policy        TEXT NOT NULL,
)sql", "step"},
        RunRowsTable{"run_request_values", R"sql(
    step   INTEGER NOT NULL,               -- run_request_steps.step
    name   TEXT NOT NULL,                  -- RunKindParameter::name
    value  TEXT NOT NULL,
)sql", "step, name"}
    });
}

// Version 4: what a run's kind-specific charts draw besides its metric series, for runs of every
// kind saved through the generic tables, so that a reopened run charts as the live one
// (RunDetailArchive): its distributions (job completion times), its per-cell values (a GPU's
// variability per class) and its Gantt bars. A study of format 3 gains the tables empty: its
// runs open as before, and a chart that needs them says what is missing. Also the run's words
// and the changes of its occupancy cells over time, so its cursor and occupancy chart show what
// the live run's did.
std::string version4()
{
    return migrationSql({
        RunRowsTable{"run_distributions", R"sql(
    position         INTEGER NOT NULL,     -- order of Run::distributions()
    key              TEXT NOT NULL,        -- 'jct_h'
    label            TEXT NOT NULL,
    unit             TEXT NOT NULL,
    higher_is_better INTEGER NOT NULL,     -- 0 or 1
)sql", "position"},
        RunRowsTable{"run_distribution_values", R"sql(
    distribution INTEGER NOT NULL,         -- run_distributions.position
    position     INTEGER NOT NULL,
    quantile     REAL,                     -- NULL: a sample; else q in [0, 1] of a listed quantile
    value        REAL NOT NULL,            -- finite
)sql", "distribution, position"},
        RunRowsTable{"run_cell_values", R"sql(
    position INTEGER NOT NULL,             -- order of Run::cellValues()
    key      TEXT NOT NULL,                -- 'perf_var_a'
    label    TEXT NOT NULL,
    unit     TEXT NOT NULL,
)sql", "position"},
        RunRowsTable{"run_cell_value_cells", R"sql(
    cell_values INTEGER NOT NULL,          -- run_cell_values.position
    cell        INTEGER NOT NULL,          -- OccupancyLayout cell order
    value       REAL NOT NULL,             -- finite
)sql", "cell_values, cell"},
        RunRowsTable{"run_interval_names", R"sql(
    list     TEXT NOT NULL CHECK (list IN ('lane', 'category')),
    position INTEGER NOT NULL,             -- RunIntervals::lanes or ::categories order
    name     TEXT NOT NULL,
)sql", "list, position"},
        RunRowsTable{"run_intervals", R"sql(
    position INTEGER NOT NULL,
    lane     INTEGER NOT NULL,             -- run_interval_names position of a 'lane'
    from_x   REAL NOT NULL,
    to_x     REAL NOT NULL,                -- >= from_x
    label    TEXT NOT NULL,
    category INTEGER NOT NULL,             -- a 'category' position, or -1
    subject  INTEGER NOT NULL,             -- run_interval_subjects.position, or -1
)sql", "position"},
        RunRowsTable{"run_interval_subjects", R"sql(
    position INTEGER NOT NULL,
    name     TEXT NOT NULL,
    details  TEXT NOT NULL,
)sql", "position"},
        RunRowsTable{"run_interval_subject_spans", R"sql(
    subject  INTEGER NOT NULL,             -- run_interval_subjects.position
    position INTEGER NOT NULL,
    from_x   REAL NOT NULL,
    to_x     REAL NOT NULL,                -- >= from_x
    text     TEXT NOT NULL,
)sql", "subject, position"},
        RunRowsTable{"run_words", R"sql(
    name   TEXT NOT NULL,                  -- RunWords::fields(): 'step', 'occupancy', ...
    value  TEXT NOT NULL,
)sql", "name"},
        RunRowsTable{"run_layout_layers", R"sql(
    position INTEGER NOT NULL,             -- OccupancyLayout::layers order
    name     TEXT NOT NULL,
    kind     TEXT NOT NULL CHECK (kind IN ('share', 'category')),
    is_binary INTEGER NOT NULL,            -- 0 or 1: a share that is only ever 0 or 1
)sql", "position"},
        RunRowsTable{"run_layout_layer_categories", R"sql(
    layer    INTEGER NOT NULL,             -- run_layout_layers.position
    position INTEGER NOT NULL,             -- the category's index
    name     TEXT NOT NULL,
)sql", "layer, position"},
        std::string_view(R"sql(
-- OccupancyLayout::unitName and Group::unitCells (how a group's cells form GPUs).
CREATE TABLE run_layout_units (
    run_id    INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
    unit_name TEXT NOT NULL                -- 'GPU', or ''
);
ALTER TABLE run_layout_groups ADD COLUMN unit_cells INTEGER NOT NULL DEFAULT 0;
)sql"),
        // A cell holds its layer's initial value (0, or -1 for a category layer) until its first row.
        RunRowsTable{"run_cell_changes", R"sql(
    layer        INTEGER NOT NULL,         -- run_layout_layers.position
    position     INTEGER NOT NULL,         -- timeline position from which the cell holds the value
    cell         INTEGER NOT NULL,
    value        REAL NOT NULL,
)sql", "layer, position, cell"}
    });
}

// Version 5: what a reopened run lost that the live one has. Run::afterEnd (the state once the
// run is over), so that compare and the difference charts of reopened runs go on to the longer
// run's end as live ones do; and the texts of the ends of a share layer's colour ramp
// (OccupancyLayer::lowText, highText: "fastest GPU", "slowest GPU" of a variability score).
// A study of format 4 gains an empty table, and its layers the default texts ("0 %", "100 %").
std::string version5()
{
    return migrationSql({
        // No rows: the run knows nothing past its end (an empty Run::afterEnd).
        RunRowsTable{"run_after_end", R"sql(
    column_index INTEGER NOT NULL,         -- run_metrics.column_index
    value        REAL NOT NULL,
)sql", "column_index"},
        std::string_view(R"sql(
ALTER TABLE run_layout_layers ADD COLUMN low_text TEXT NOT NULL DEFAULT '0 %';
ALTER TABLE run_layout_layers ADD COLUMN high_text TEXT NOT NULL DEFAULT '100 %';
)sql")
    });
}

// Version 6: Run::summary, the figures that sum up a run (a rental run's JCT, cost and budget),
// which a run reopened from the generic tables lost: its compare table and the Metrics tab's
// summary showed nothing. A study of format 5 gains an empty table: its runs show no summary.
std::string version6()
{
    return migrationSql({RunRowsTable{"run_summary", R"sql(
    position          INTEGER NOT NULL,    -- order of Run::summary()
    key               TEXT NOT NULL,       -- 'mean_jct_h'
    label             TEXT NOT NULL,
    unit              TEXT NOT NULL,
    higher_is_better  INTEGER NOT NULL,    -- 0 or 1
    is_count          INTEGER NOT NULL,    -- 0 or 1: RunSummaryValue::count
    value             REAL NOT NULL,       -- finite
)sql", "position"}});
}

// Version 7: the sweep a study is a shard of (contracts.md 10, SweepShardArchive). sweep_shard
// holds, in one row, the sweep's identity (a hash of its canonical command), the shard's I/N,
// the whole sweep's run count and its grid CSV's header, and `complete`, set last in the
// transaction that records the runs, so that a shard killed mid-write is told apart from a whole
// one. sweep_runs gives each run its number in the sweep's contract order and its rows of the
// grid CSV as the command wrote them, so that merge writes the unsharded CSV byte for byte.
// A study of format 6 gains the tables empty: it is no shard.
std::string version7()
{
    return migrationSql({std::string_view(R"sql(
CREATE TABLE sweep_shard (
    singleton    INTEGER PRIMARY KEY CHECK (singleton = 0),
    sweep_hash   TEXT NOT NULL,            -- SHA-256 of the canonical command (docs/sweeps.md)
    command      TEXT NOT NULL,            -- the canonical command, for messages
    shard_index  INTEGER NOT NULL,         -- I of --shard I/N
    shard_count  INTEGER NOT NULL,         -- N
    sweep_runs   INTEGER NOT NULL,         -- runs of the whole sweep
    csv_header   TEXT NOT NULL,            -- the grid CSV's header line, with its newline
    complete     INTEGER NOT NULL          -- 0 until every run of the shard is recorded
);
CREATE TABLE sweep_runs (
    run_id     INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
    run_number INTEGER NOT NULL UNIQUE,    -- in the sweep's contract order, from 0
    csv_rows   TEXT NOT NULL               -- the run's rows of the grid CSV
);
)sql")});
}

// pod_run_steps has one failed_* column per pod class.
static_assert(kPodClassCount == 7);

}  // namespace

std::span<const StudyMigration> StudySchema::migrations()
{
    static const std::string sql[] = {version1(), version2(), version3(), version4(), version5(), version6(), version7()};
    // Version i + 1 is sql[i], numbered here rather than by hand, so that a migration appended
    // above is always applied (a hand-written list once left a new version out).
    static const std::vector<StudyMigration> all = [] {
        std::vector<StudyMigration> list;
        for (size_t i = 0; i < std::size(sql); ++i)
            list.push_back({int(i + 1), sql[i]});
        return list;
    }();
    return all;
}

int StudySchema::latestVersion(std::span<const StudyMigration> migrations)
{
    return migrations.empty() ? 0 : migrations.back().version;
}

void StudySchema::checkOwnership(sqlite::Database& db, int latest, bool mayInitialise)
{
    // One snapshot for the three reads: another process creating the study at this moment is
    // seen before or after its transaction, never half-way (no tables yet, then tables).
    // Inside the migration's write transaction the view is already fixed.
    std::optional<sqlite::Transaction> snapshot;
    if (!db.inTransaction())
        snapshot.emplace(db, sqlite::Transaction::Kind::Read);
    const int64_t applicationId = db.queryInteger("PRAGMA application_id");
    const int64_t version = db.queryInteger("PRAGMA user_version");
    const int64_t objects = db.queryInteger("SELECT count(*) FROM sqlite_master");
    if (snapshot)
        snapshot->commit();
    if (applicationId == 0) {
        // An application id of 0 with no tables is a new or empty file, ours to initialise.
        if (objects > 0 || version != 0)
            throw InputError::fileLevel(db.path(), fmt::format("not a Tessera study: an SQLite database of another "
                                                               "application ({} schema objects, no application id)",
                                                               objects));
        if (!mayInitialise)
            throw InputError::fileLevel(db.path(), "not a Tessera study: an empty file (only simulate --db and the "
                                                   "app create studies)");
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
    // Migrations set the application id and the version in the same transaction, so a study
    // of ours always has a version: 0 (or less) means the header was edited.
    if (version < 1)
        throw InputError::fileLevel(db.path(), fmt::format("damaged study: Tessera's application id but study "
                                                           "format {} ({} schema objects)",
                                                           version, objects));
}

void StudySchema::setJournalMode(sqlite::Database& db)
{
    // A rollback journal rather than WAL: a reader needs no -wal or -shm file beside the
    // study, so `runs` and `chart` read a study in a read-only folder and never leave a file
    // behind; a killed writer's hot journal is rolled back by the next writer. Switching
    // needs a moment alone with the file: another process opening the same new study at
    // once makes SQLite answer "busy" without waiting, so retry for a while. A study of an
    // older Tessera (WAL) that another process keeps open stays in WAL for now, which works
    // as well for writing; it is switched when opened alone.
    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + std::chrono::seconds(20);
    for (int attempt = 0;; ++attempt) {
        try {
            const std::string journal = db.queryText("PRAGMA journal_mode = DELETE");
            if (journal == "delete" || journal == "wal" || Clock::now() > deadline)
                return;
        } catch (const sqlite::Error& e) {
            if (!e.isBusy() || Clock::now() > deadline)
                throw;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(std::min(5 + 5 * attempt, 100)));
    }
}

void StudySchema::attach(sqlite::Database& db, std::span<const StudyMigration> migrations)
{
    const int latest = latestVersion(migrations);
    if (db.isReadOnly()) {
        checkOwnership(db, latest, false);
        verifyTables(db, migrations);
        return;
    }
    checkOwnership(db, latest, true);
    setJournalMode(db);
    if (db.queryInteger("PRAGMA user_version") < latest) {
        sqlite::Transaction transaction(db);
        // Another process may have migrated the file while this one waited for the write lock.
        checkOwnership(db, latest, true);
        const int64_t current = db.queryInteger("PRAGMA user_version");
        try {
            for (const auto& migration : migrations)
                if (migration.version > current)
                    db.exec(migration.sql);
            db.exec(fmt::format("PRAGMA application_id = {}", kApplicationId));
            db.exec(fmt::format("PRAGMA user_version = {}", latest));
            transaction.commit();
        } catch (const sqlite::Error& e) {
            // A file SQLite will not write (its header says so) cannot be brought forward:
            // that is the file's problem, named, not an internal error.
            if (e.isBusy() || e.isDamagedFile() || current < 1)
                throw;
            throw InputError::fileLevel(db.path(), fmt::format("cannot bring the study from format {} to {}: {}",
                                                               current, latest, e.codeText()));
        }
    }
    verifyTables(db, migrations);
}

void StudySchema::verifyTables(sqlite::Database& db, std::span<const StudyMigration> migrations)
{
    // The tables the migrations make, built in memory, are what the file must have, column
    // for column (name, declared type, NOT NULL, key): an edited study fails here with the
    // table and column named, not later as an SQL error or a wrong value.
    sqlite::Database expected(":memory:", sqlite::Database::OpenMode::CreateIfMissing);
    const int64_t version = db.queryInteger("PRAGMA user_version");
    for (const auto& migration : migrations)
        if (migration.version <= version)
            expected.exec(migration.sql);
    sqlite::Statement tables(expected, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
    while (tables.step()) {
        const std::string table = tables.text(0);
        const std::string info = fmt::format("SELECT name, type, \"notnull\", pk FROM pragma_table_info('{}') "
                                             "ORDER BY cid", table);
        sqlite::Statement want(expected, info);
        sqlite::Statement have(db, info);
        bool any = false;
        while (want.step()) {
            const std::string column = want.text(0);
            if (!have.step()) {
                throw InputError::fileLevel(db.path(), any ? fmt::format("damaged study: table {} has no column {}",
                                                                         table, column)
                                                           : fmt::format("damaged study: table {} is missing", table));
            }
            any = true;
            if (have.text(0) != column || have.text(1) != want.text(1) || have.integer(2) != want.integer(2)
                || have.integer(3) != want.integer(3))
                throw InputError::fileLevel(db.path(), fmt::format("damaged study: table {}, column {}: expected {} "
                                                                   "{}{}, found {} {}{}",
                                                                   table, column, column, want.text(1),
                                                                   want.integer(2) ? " NOT NULL" : "", have.text(0),
                                                                   have.text(1), have.integer(2) ? " NOT NULL" : ""));
        }
        if (have.step())
            throw InputError::fileLevel(db.path(), fmt::format("damaged study: table {} has an unknown column {}",
                                                               table, have.text(0)));
    }
}

}  // namespace tessera
