#include "store/StudyStore.h"

#include "io/ContentHash.h"
#include "io/InputError.h"
#include "model/SpecLimits.h"
#include "store/StoredRow.h"
#include "store/StudySchema.h"
#include "util/UsageError.h"

#include <fmt/format.h>

#include <bit>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <map>
#include <optional>
#include <unordered_set>

#include <unistd.h>

namespace tessera {

namespace {

using sqlite::Statement;

constexpr std::string_view kStepKindNames[] = {"arrival", "retry", "departure", "expiry"};

std::string_view stepKindName(StepKind kind)
{
    return kStepKindNames[size_t(kind)];
}

std::optional<StepKind> stepKindOf(std::string_view name)
{
    for (size_t i = 0; i < std::size(kStepKindNames); ++i)
        if (kStepKindNames[i] == name)
            return StepKind(i);
    return std::nullopt;
}

}  // namespace

std::string StudyStore::utcNow()
{
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm utc{};
    gmtime_r(&now, &utc);
    return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z", utc.tm_year + 1900, utc.tm_mon + 1, utc.tm_mday,
                       utc.tm_hour, utc.tm_min, utc.tm_sec);
}

namespace {

sqlite::Database openDatabase(const std::string& path, StudyStore::OpenMode mode)
{
    namespace fs = std::filesystem;
    std::error_code error;
    const fs::file_status status = fs::status(path, error);
    if (fs::exists(status) && !fs::is_regular_file(status))
        throw InputError::fileLevel(path, fs::is_directory(status) ? "is a directory, not a study file"
                                                                   : "not a regular file, so not a study");
    if (mode != StudyStore::OpenMode::CreateIfMissing && !fs::exists(status))
        throw InputError::fileLevel(path, "no such study file");
    try {
        return sqlite::Database(path, mode);
    } catch (const sqlite::Error& e) {
        throw InputError::fileLevel(path, "cannot open the study: " + e.codeText());
    }
}

// Found when the study is opened, before a batch is simulated, rather than when its results
// are saved.
void requireWritable(const sqlite::Database& db)
{
    namespace fs = std::filesystem;
    const fs::path folder = fs::absolute(db.path()).parent_path();
    if (db.isReadOnly()) {
        // SQLite also opens a writable file read-only when its header names a file format it
        // cannot write: that is a damaged (or foreign) file, not a permission.
        if (::access(db.path().c_str(), W_OK) == 0)
            throw InputError::fileLevel(db.path(), "damaged study: SQLite cannot write this file's format (its header "
                                                   "names a write version it does not know)");
        throw std::runtime_error(fmt::format("cannot write the study {}: the file is read-only", db.path()));
    }
    if (::access(folder.c_str(), W_OK) != 0)
        throw std::runtime_error(fmt::format("cannot write the study {}: its folder {} is read-only (SQLite keeps a "
                                             "journal beside the study while it writes)",
                                             db.path(), folder.string()));
}

std::string modelName(const Cluster& cluster, GpuModelId model)
{
    return model == kNoGpuModel ? std::string() : cluster.registry.model(model).name;
}

}  // namespace

void StudyStore::throwDamaged(const sqlite::Error& e) const
{
    throw InputError::fileLevel(db_.path(), "not a Tessera study, or a damaged one: " + e.codeText());
}

StudyStore::StudyStore(const std::string& path, OpenMode mode) : db_(openDatabase(path, mode))
{
    guarded([&] {
        // Per connection: SQLite enforces foreign keys (and so ON DELETE CASCADE) only when asked.
        db_.exec("PRAGMA foreign_keys = ON");
        StudySchema::attach(db_);
        if (mode != OpenMode::ReadOnly)
            requireWritable(db_);
        version_ = db_.queryInteger("PRAGMA user_version");
    });
}

std::string StudyStore::insertNodeList(sqlite::Database& db, const Cluster& cluster)
{
    // Keyed by the list as loaded rather than by the file, so that two runs share a list
    // exactly when their node indices mean the same nodes (--skip-bad-rows can drop rows).
    ContentHash hash;
    for (const auto& node : cluster.nodes)
        hash.add(fmt::format("{}\t{}\t{}\t{}\t{}\n", node.name, node.cpuMilli, node.memoryMib, node.gpuCount,
                             modelName(cluster, node.model)));
    const std::string key = hash.hex();
    Statement list(db, "INSERT OR IGNORE INTO node_lists (content_hash, node_count) VALUES (?, ?)");
    list.bindAll(key, cluster.nodes.size()).run();
    if (db.changes() == 0)
        return key;
    Statement node(db, "INSERT INTO node_list_nodes (node_list, position, name, cpu_milli, memory_mib, gpu_count, "
                        "gpu_model) VALUES (?, ?, ?, ?, ?, ?, ?)");
    for (size_t i = 0; i < cluster.nodes.size(); ++i) {
        const NodeSpec& n = cluster.nodes[i];
        node.bindAll(key, i, n.name, n.cpuMilli, n.memoryMib, n.gpuCount, modelName(cluster, n.model)).run();
    }
    return key;
}

int64_t StudyStore::insertPodRun(sqlite::Database& db, const std::string& nodeList,
                                 const std::vector<RunRecord::TraceFile>& inputs, const NamedResult& run,
                                 const std::string& createdAt, std::optional<int64_t> id)
{
    const SimulationResult& result = *run.result;
    const RunParameters& p = result.parameters;
    const std::string policy = p.policy.canonical();
    const std::string name = run.name.empty() ? fmt::format("{} seed {}", policy, p.seed) : run.name;
    Statement(db, "INSERT INTO runs (id, kind, name, policy, seed, mode, tool_version, created_at) "
                  "VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
        .bindAll(id, RunRecord::kPodSchedulingKind, name, policy, p.seed, modeName(p.mode), TESSERA_VERSION, createdAt)
        .run();
    id = db.lastInsertRowId();

    Statement input(db, "INSERT INTO run_inputs (run_id, role, path, content_hash) VALUES (?, ?, ?, ?)");
    for (const auto& file : inputs)
        input.bindAll(*id, file.role, file.path, file.contentHash).run();

    Statement(db, "INSERT INTO pod_runs (run_id, node_list, tune, tie_order, replay_step_s, capacity_milli, "
                   "fragment_scale) VALUES (?, ?, ?, ?, ?, ?, ?)")
        .bindAll(*id, nodeList, p.tune, tieOrderName(p.tieOrder), p.replayStepSeconds, result.capacityMilli,
                 result.fragmentScale)
        .run();

    Statement pod(db, "INSERT INTO pod_run_pods (run_id, position, name, cpu_milli, memory_mib, num_gpu, gpu_milli, "
                       "gpu_spec, gpu_spec_mask, creation_time, deletion_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (size_t i = 0; i < result.sequence.size(); ++i) {
        const PodSpec& s = result.sequence[i];
        pod.bindAll(*id, i, s.name, s.cpuMilli, s.memoryMib, s.gpuCount, s.gpuMilli, s.gpuSpec, s.gpuSpecMask,
                    s.creationTime, s.deletionTime)
            .run();
    }

    Statement step(db, "INSERT INTO pod_run_steps (run_id, position, kind, pod, node, gpu_mask, time_s, "
                        "arrived_milli, gpu_left_milli, fragment_scaled, cpu_watts, gpu_watts, used_nodes, used_gpus, "
                        "pending, failed_cpu, failed_share, failed_1gpu, failed_2gpu, failed_4gpu, failed_8gpu, "
                        "failed_other_gpu) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    const Timeline& timeline = result.timeline;
    for (size_t position = 0; position <= timeline.size(); ++position) {
        std::optional<std::string_view> kind;
        std::optional<uint32_t> podIndex;
        std::optional<int32_t> node;
        GpuMask gpus = 0;
        if (position > 0) {
            const Step& s = timeline.step(position - 1);
            kind = stepKindName(s.kind);
            podIndex = s.pod;
            if (s.placement.placed())
                node = s.placement.node;
            gpus = s.placement.gpus;
        }
        const MetricSample& m = timeline.sampleAt(position);
        const auto& f = m.failedByClass;
        step.bindAll(*id, position, kind, podIndex, node, gpus, m.timeSeconds, m.arrivedMilli, m.gpuLeftMilli,
                     m.fragmentScaled, m.cpuWatts, m.gpuWatts, m.usedNodes, m.usedGpus, m.pending, f[0], f[1], f[2],
                     f[3], f[4], f[5], f[6])
            .run();
    }
    return *id;
}

std::vector<int64_t> StudyStore::saveRuns(const Cluster& cluster, const std::vector<RunRecord::TraceFile>& inputs,
                                          const std::vector<NamedResult>& runs)
{
    return guarded([&] {
        const std::string createdAt = utcNow();
        sqlite::Transaction transaction(db_);
        const std::string nodeList = insertNodeList(db_, cluster);
        std::vector<int64_t> ids;
        for (const auto& run : runs)
            ids.push_back(insertPodRun(db_, nodeList, inputs, run, createdAt));
        transaction.commit();
        return ids;
    });
}

int64_t StudyStore::saveRun(const Cluster& cluster, const std::vector<RunRecord::TraceFile>& inputs,
                            const SimulationResult& result, const std::string& name)
{
    return saveRuns(cluster, inputs, {NamedResult{&result, name}}).front();
}

std::vector<RunRecord> StudyStore::readRecords(std::optional<int64_t> only)
{
    // Format 1 has no fork records: its runs read as no forks.
    Statement run(db_, version_ >= 2 ? "SELECT id, kind, name, policy, seed, mode, tool_version, created_at, "
                                       "parent_run_id, fork_position FROM runs LEFT JOIN run_forks "
                                       "ON run_forks.run_id = runs.id WHERE ?1 IS NULL OR id = ?1 ORDER BY id"
                                     : "SELECT id, kind, name, policy, seed, mode, tool_version, created_at, NULL, "
                                       "NULL FROM runs WHERE ?1 IS NULL OR id = ?1 ORDER BY id");
    run.bind(1, only);
    std::vector<RunRecord> records;
    while (run.step()) {
        const StoredRow row(db_.path(), "runs", fmt::format("{}", run.integer(0)), run);
        RunRecord r;
        r.id = row.integer(0, "id", 1);
        r.kind = row.text(1, "kind");
        r.name = row.text(2, "name");
        r.policy = row.text(3, "policy");
        r.seed = uint64_t(row.integer(4, "seed"));
        r.mode = row.text(5, "mode");
        r.toolVersion = row.text(6, "tool_version");
        r.createdAt = row.text(7, "created_at");
        if (!run.isNull(9)) {
            const StoredRow fork(db_.path(), "run_forks", fmt::format("run_id {}", r.id), run);
            r.parentId = fork.optionalInteger(8, "parent_run_id", 1, std::numeric_limits<int64_t>::max());
            r.forkPosition = fork.integer(9, "fork_position", 0, std::numeric_limits<int64_t>::max() / 2);
        }
        records.push_back(std::move(r));
    }
    Statement input(db_, "SELECT role, path, content_hash FROM run_inputs WHERE run_id = ? ORDER BY role");
    for (auto& r : records) {
        input.bindAll(r.id);
        while (input.step()) {
            const StoredRow row(db_.path(), "run_inputs", fmt::format("run_id {}", r.id), input);
            r.inputs.push_back({row.text(0, "role"), row.text(1, "path"), row.text(2, "content_hash")});
        }
        input.reset();
    }
    return records;
}

std::vector<RunRecord> StudyStore::listRuns()
{
    return guarded([&] {
        sqlite::Transaction snapshot(db_, sqlite::Transaction::Kind::Read);
        auto records = readRecords(std::nullopt);
        snapshot.commit();
        return records;
    });
}

std::optional<RunRecord> StudyStore::findRun(int64_t id)
{
    return guarded([&]() -> std::optional<RunRecord> {
        sqlite::Transaction snapshot(db_, sqlite::Transaction::Kind::Read);
        auto records = readRecords(id);
        snapshot.commit();
        if (records.empty())
            return std::nullopt;
        return std::move(records.front());
    });
}

void StudyStore::requireRun(int64_t id)
{
    Statement run(db_, "SELECT 1 FROM runs WHERE id = ?");
    if (!run.bindAll(id).step())
        throw InputError::fileLevel(db_.path(), fmt::format("no run with id {}", id));
}

StoredRun StudyStore::loadRun(int64_t id)
{
    return guarded([&] {
        sqlite::Transaction snapshot(db_, sqlite::Transaction::Kind::Read);  // one view for every read below
        auto records = readRecords(id);
        if (records.empty())
            throw InputError::fileLevel(db_.path(), fmt::format("no run with id {}", id));
        StoredRun run;
        run.record = std::move(records.front());
        if (run.record.kind != RunRecord::kPodSchedulingKind)
            throw InputError::fileLevel(db_.path(), fmt::format("run {} is a {} run, not a {} run", id,
                                                                run.record.kind, RunRecord::kPodSchedulingKind));
        readPodParameters(id, run);
        readNodes(id, run);
        readPods(id, run);
        readSteps(id, run);
        snapshot.commit();
        return run;
    });
}

void StudyStore::readPodParameters(int64_t id, StoredRun& run)
{
    const std::string key = fmt::format("{}", id);
    {
        Statement stmt(db_, "SELECT policy, mode FROM runs WHERE id = ?");
        stmt.bindAll(id).step();
        const StoredRow row(db_.path(), "runs", key, stmt);
        try {
            run.parameters.policy = PolicySpec::parse(run.record.policy);
        } catch (const UsageError& e) {
            row.fail("policy", e.what(), run.record.policy);
        }
        if (run.record.mode == modeName(SimulationMode::Replay))
            run.parameters.mode = SimulationMode::Replay;
        else if (run.record.mode == modeName(SimulationMode::Experiment))
            run.parameters.mode = SimulationMode::Experiment;
        else
            row.fail("mode", "neither experiment nor replay", run.record.mode);
    }
    run.parameters.seed = run.record.seed;

    Statement params(db_, "SELECT node_list, tune, tie_order, replay_step_s, capacity_milli, fragment_scale "
                          "FROM pod_runs WHERE run_id = ?");
    if (!params.bindAll(id).step())
        throw InputError::atRow(db_.path(), "pod_runs", fmt::format("run_id {}", id), {}, "missing: the run has no parameters");
    const StoredRow row(db_.path(), "pod_runs", fmt::format("run_id {}", id), params);
    RunParameters& p = run.parameters;
    run.nodeList = row.text(0, "node_list");
    p.tune = row.real(1, "tune", RunParameters::kMinTune, RunParameters::kMaxTune);
    const std::string tie = row.text(2, "tie_order");
    if (tie == tieOrderName(TieOrderKind::Name))
        p.tieOrder = TieOrderKind::Name;
    else if (tie == tieOrderName(TieOrderKind::Seeded))
        p.tieOrder = TieOrderKind::Seeded;
    else
        row.fail("tie_order", "neither seeded nor name", tie);
    p.replayStepSeconds = row.integer(3, "replay_step_s", 1, RunParameters::kMaxReplayStepSeconds);
    run.capacityMilli = row.integer(4, "capacity_milli", 0, int64_t(kMaxGpusPerNode) * kMilli * kMaxStoredNodes);
    run.fragmentScale = row.integer(5, "fragment_scale", 1, int64_t(1) << 40);
}

void StudyStore::readNodes(int64_t id, StoredRun& run)
{
    Statement list(db_, "SELECT node_count FROM node_lists WHERE content_hash = ?");
    if (!list.bindAll(run.nodeList).step())
        throw InputError::atRow(db_.path(), "pod_runs", fmt::format("run_id {}", id), "node_list",
                                "names no stored node list", run.nodeList);
    const int64_t count = StoredRow(db_.path(), "node_lists", run.nodeList, list).integer(0, "node_count", 0, kMaxStoredNodes);

    Statement node(db_, "SELECT position, name, cpu_milli, memory_mib, gpu_count, gpu_model FROM node_list_nodes "
                        "WHERE node_list = ? ORDER BY position");
    node.bindAll(run.nodeList);
    std::unordered_set<std::string> names;
    int64_t gpus = 0;
    while (node.step()) {
        const StoredRow row(db_.path(), "node_list_nodes", fmt::format("position {} of node list {}",
                                                                        node.integer(0), run.nodeList.substr(0, 12)),
                            node);
        if (row.integer(0, "position") != int64_t(run.nodes.size()))
            row.fail("position", fmt::format("node {} is missing", run.nodes.size()));
        StoredNode n;
        n.name = row.text(1, "name");
        if (n.name.empty() || !names.insert(n.name).second)
            row.fail("name", n.name.empty() ? "empty node name" : "duplicate node name", n.name);
        n.cpuMilli = int32_t(row.integer(2, "cpu_milli", 0, SpecLimits::kMaxCpuMilli));
        n.memoryMib = row.integer(3, "memory_mib", 0, SpecLimits::kMaxMemoryMib);
        n.gpuCount = int(row.integer(4, "gpu_count", 0, kMaxGpusPerNode));
        n.gpuModel = row.text(5, "gpu_model");
        if (auto problem = nodeModelProblem(n.gpuCount, !n.gpuModel.empty()))
            row.fail(problem->column == "model" ? "gpu_model" : problem->column, problem->problem, n.gpuModel);
        gpus += n.gpuCount;
        run.nodes.push_back(std::move(n));
    }
    if (int64_t(run.nodes.size()) != count)
        throw InputError::atRow(db_.path(), "node_lists", run.nodeList.substr(0, 12), "node_count",
                                fmt::format("says {} nodes, node_list_nodes holds {}", count, run.nodes.size()));
    if (run.capacityMilli != gpus * kMilli)
        throw InputError::atRow(db_.path(), "pod_runs", fmt::format("run_id {}", id), "capacity_milli",
                                fmt::format("does not match the node list's {} GPUs", gpus),
                                fmt::format("{}", run.capacityMilli));
}

void StudyStore::readPods(int64_t id, StoredRun& run)
{
    Statement pod(db_, "SELECT position, name, cpu_milli, memory_mib, num_gpu, gpu_milli, gpu_spec, gpu_spec_mask, "
                       "creation_time, deletion_time FROM pod_run_pods WHERE run_id = ? ORDER BY position");
    pod.bindAll(id);
    while (pod.step()) {
        const StoredRow row(db_.path(), "pod_run_pods", fmt::format("run_id {}, position {}", id, pod.integer(0)), pod);
        if (row.integer(0, "position") != int64_t(run.sequence.size()))
            row.fail("position", fmt::format("pod {} is missing", run.sequence.size()));
        PodSpec s;
        s.name = row.text(1, "name");
        if (s.name.empty())
            row.fail("name", "empty pod name");
        s.cpuMilli = int32_t(row.integer(2, "cpu_milli", 0, SpecLimits::kMaxCpuMilli));
        s.memoryMib = row.integer(3, "memory_mib", 0, SpecLimits::kMaxMemoryMib);
        s.gpuCount = int(row.integer(4, "num_gpu", 0, kMaxGpusPerNode));
        s.gpuMilli = int32_t(row.integer(5, "gpu_milli", 0, kMilli));
        if (auto problem = podRequestProblem(s))
            row.fail(problem->column, problem->problem, fmt::format("{}", s.gpuMilli));
        s.gpuSpec = row.text(6, "gpu_spec");
        s.gpuSpecMask = uint64_t(row.integer(7, "gpu_spec_mask"));
        s.creationTime = row.optionalInteger(8, "creation_time", 0, SpecLimits::kMaxTimeSeconds);
        s.deletionTime = row.optionalInteger(9, "deletion_time", 0, SpecLimits::kMaxTimeSeconds);
        if (run.parameters.mode == SimulationMode::Replay && !s.creationTime)
            row.fail("creation_time", "empty in a replay run");
        run.sequence.push_back(std::move(s));
    }
}

void StudyStore::readSteps(int64_t id, StoredRun& run)
{
    Statement step(db_, "SELECT position, kind, pod, node, gpu_mask, time_s, arrived_milli, gpu_left_milli, "
                        "fragment_scaled, cpu_watts, gpu_watts, used_nodes, used_gpus, pending, failed_cpu, "
                        "failed_share, failed_1gpu, failed_2gpu, failed_4gpu, failed_8gpu, failed_other_gpu "
                        "FROM pod_run_steps WHERE run_id = ? ORDER BY position");
    step.bindAll(id);
    const auto pods = int64_t(run.sequence.size());
    const int64_t nodes = int64_t(run.nodes.size());
    const int64_t gpus = run.capacityMilli / kMilli;
    constexpr int64_t kMaxWatts = int64_t(1) << 50;
    while (step.step()) {
        const size_t position = run.samples.size();
        const StoredRow row(db_.path(), "pod_run_steps", fmt::format("run_id {}, position {}", id, step.integer(0)), step);
        if (row.integer(0, "position") != int64_t(position))
            row.fail("position", fmt::format("step {} is missing", position));
        if (position == 0) {
            if (!step.isNull(1) || !step.isNull(2) || !step.isNull(3))
                row.fail("kind", "the state before the first step has a kind, pod or node");
        } else {
            const auto kind = stepKindOf(row.text(1, "kind"));
            if (!kind)
                row.fail("kind", "not arrival, retry, departure or expiry", step.text(1));
            Step s;
            s.kind = *kind;
            s.pod = uint32_t(row.integer(2, "pod", 0, pods - 1));
            const auto node = row.optionalInteger(3, "node", 0, nodes - 1);
            const auto mask = GpuMask(row.integer(4, "gpu_mask", 0, 255));
            const PodSpec& pod = run.sequence[s.pod];
            if (node) {
                const int gpuCount = run.nodes[size_t(*node)].gpuCount;
                if (mask >> gpuCount != 0 || std::popcount(unsigned(mask)) != pod.gpuCount)
                    row.fail("gpu_mask", fmt::format("not {} of the node's {} GPUs", pod.gpuCount, gpuCount),
                             fmt::format("{}", mask));
                if (s.kind == StepKind::Expiry)
                    row.fail("node", "an expired pod was never placed", fmt::format("{}", *node));
            } else if (mask != 0) {
                row.fail("gpu_mask", "GPUs on no node", fmt::format("{}", mask));
            } else if (s.kind == StepKind::Departure) {
                row.fail("node", "a departure from no node");
            }
            s.placement = Placement{node ? int32_t(*node) : -1, mask};
            run.steps.push_back(s);
        }
        MetricSample m;
        m.timeSeconds = row.integer(5, "time_s", 0, SpecLimits::kMaxTimeSeconds);
        m.arrivedMilli = row.integer(6, "arrived_milli", 0, std::numeric_limits<int64_t>::max() / 2);
        m.gpuLeftMilli = row.integer(7, "gpu_left_milli", 0, run.capacityMilli);
        m.fragmentScaled = row.integer(8, "fragment_scaled", 0, std::numeric_limits<int64_t>::max() / 2);
        m.cpuWatts = row.integer(9, "cpu_watts", 0, kMaxWatts);
        m.gpuWatts = row.integer(10, "gpu_watts", 0, kMaxWatts);
        m.usedNodes = int32_t(row.integer(11, "used_nodes", 0, nodes));
        m.usedGpus = int32_t(row.integer(12, "used_gpus", 0, gpus));
        m.pending = int32_t(row.integer(13, "pending", 0, pods));
        static constexpr std::string_view kFailed[] = {"failed_cpu",  "failed_share", "failed_1gpu",     "failed_2gpu",
                                                       "failed_4gpu", "failed_8gpu",  "failed_other_gpu"};
        for (size_t c = 0; c < m.failedByClass.size(); ++c)
            m.failedByClass[c] = int32_t(row.integer(14 + int(c), kFailed[c], 0, pods));
        run.samples.push_back(m);
    }
    if (run.samples.empty())
        throw InputError::atRow(db_.path(), "pod_run_steps", fmt::format("run_id {}", id), {}, "missing: the run has no steps");
}

void StudyStore::renameRun(int64_t id, const std::string& name)
{
    guarded([&] {
        sqlite::Transaction transaction(db_);
        requireRun(id);
        Statement(db_, "UPDATE runs SET name = ? WHERE id = ?").bindAll(name, id).run();
        transaction.commit();
    });
}

void StudyStore::recordFork(int64_t id, int64_t parentId, int64_t position)
{
    guarded([&] {
        sqlite::Transaction transaction(db_);
        requireRun(id);
        Statement(db_, "INSERT OR REPLACE INTO run_forks (run_id, parent_run_id, fork_position) VALUES (?, ?, ?)")
            .bindAll(id, parentId, position)
            .run();
        transaction.commit();
    });
}

void StudyStore::deleteUnusedNodeLists()
{
    // A node list is kept while any table refers to it, whatever kind's it is: the users are
    // found in the schema (foreign keys to node_lists), so a kind that adds a table referring
    // to node lists is counted without editing this. References that cascade are the list's
    // own parts (node_list_nodes), not users.
    Statement users(db_, "SELECT m.name, f.\"from\" FROM sqlite_master AS m, pragma_foreign_key_list(m.name) AS f "
                         "WHERE m.type = 'table' AND f.\"table\" = 'node_lists' AND f.on_delete <> 'CASCADE' "
                         "ORDER BY m.name");
    std::string sql = "DELETE FROM node_lists WHERE 1";
    while (users.step())
        sql += fmt::format(" AND content_hash NOT IN (SELECT \"{}\" FROM \"{}\" WHERE \"{}\" IS NOT NULL)",
                           users.text(1), users.text(0), users.text(1));
    db_.exec(sql);
}

void StudyStore::deleteRun(int64_t id)
{
    guarded([&] {
        sqlite::Transaction transaction(db_);
        requireRun(id);
        Statement(db_, "DELETE FROM runs WHERE id = ?").bindAll(id).run();
        deleteUnusedNodeLists();
        transaction.commit();
    });
}

}  // namespace tessera
