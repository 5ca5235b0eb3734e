#include "store/StudyStore.h"

#include "io/InputError.h"
#include "store/StudySchema.h"
#include "util/ContentHash.h"

#include <fmt/format.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <map>
#include <optional>

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

std::string utcNow()
{
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm utc{};
    gmtime_r(&now, &utc);
    return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z", utc.tm_year + 1900, utc.tm_mon + 1, utc.tm_mday,
                       utc.tm_hour, utc.tm_min, utc.tm_sec);
}

sqlite::Database openDatabase(const std::string& path, StudyStore::OpenMode mode)
{
    if (mode == StudyStore::OpenMode::ExistingOnly && !std::filesystem::exists(path))
        throw InputError::fileLevel(path, "no such study file");
    try {
        return sqlite::Database(path, mode);
    } catch (const sqlite::Error& e) {
        throw InputError::fileLevel(path, "cannot open the study: " + e.codeText());
    }
}

std::string modelName(const Cluster& cluster, GpuModelId model)
{
    return model == kNoGpuModel ? std::string() : cluster.registry.model(model).name;
}

}  // namespace

template <class Work>
auto StudyStore::guarded(Work&& work) -> decltype(work())
{
    try {
        return work();
    } catch (const sqlite::Error& e) {
        if (e.isDamagedFile())
            throw InputError::fileLevel(db_.path(), "not a Tessera study: " + e.codeText());
        throw;
    }
}

StudyStore::StudyStore(const std::string& path, OpenMode mode) : db_(openDatabase(path, mode))
{
    guarded([&] {
        // Per connection: SQLite enforces foreign keys (and so ON DELETE CASCADE) only when asked.
        db_.exec("PRAGMA foreign_keys = ON");
        StudySchema::attach(db_);
    });
}

std::string StudyStore::insertNodeList(const Cluster& cluster)
{
    // Keyed by the list as loaded rather than by the file, so that two runs share a list
    // exactly when their node indices mean the same nodes (--skip-bad-rows can drop rows).
    ContentHash hash;
    for (const auto& node : cluster.nodes)
        hash.add(fmt::format("{}\t{}\t{}\t{}\t{}\n", node.name, node.cpuMilli, node.memoryMib, node.gpuCount,
                             modelName(cluster, node.model)));
    const std::string key = hash.hex();
    Statement list(db_, "INSERT OR IGNORE INTO node_lists (content_hash, node_count) VALUES (?, ?)");
    list.bindAll(key, cluster.nodes.size()).run();
    if (db_.changes() == 0)
        return key;
    Statement node(db_, "INSERT INTO node_list_nodes (node_list, position, name, cpu_milli, memory_mib, gpu_count, "
                        "gpu_model) VALUES (?, ?, ?, ?, ?, ?, ?)");
    for (size_t i = 0; i < cluster.nodes.size(); ++i) {
        const NodeSpec& n = cluster.nodes[i];
        node.bindAll(key, i, n.name, n.cpuMilli, n.memoryMib, n.gpuCount, modelName(cluster, n.model)).run();
    }
    return key;
}

int64_t StudyStore::insertPodRun(const std::string& nodeList, const std::vector<RunRecord::TraceFile>& inputs,
                                 const NamedResult& run, const std::string& createdAt)
{
    const SimulationResult& result = *run.result;
    const RunParameters& p = result.parameters;
    const std::string policy = p.policy.canonical();
    const std::string name = run.name.empty() ? fmt::format("{} seed {}", policy, p.seed) : run.name;
    Statement(db_, "INSERT INTO runs (kind, name, policy, seed, mode, tool_version, created_at) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?)")
        .bindAll(RunRecord::kPodSchedulingKind, name, policy, p.seed, modeName(p.mode), TESSERA_VERSION, createdAt)
        .run();
    const int64_t id = db_.lastInsertRowId();

    Statement input(db_, "INSERT INTO run_inputs (run_id, role, path, content_hash) VALUES (?, ?, ?, ?)");
    for (const auto& file : inputs)
        input.bindAll(id, file.role, file.path, file.contentHash).run();

    Statement(db_, "INSERT INTO pod_runs (run_id, node_list, tune, tie_order, replay_step_s, capacity_milli, "
                   "fragment_scale) VALUES (?, ?, ?, ?, ?, ?, ?)")
        .bindAll(id, nodeList, p.tune, tieOrderName(p.tieOrder), p.replayStepSeconds, result.capacityMilli,
                 result.fragmentScale)
        .run();

    Statement pod(db_, "INSERT INTO pod_run_pods (run_id, position, name, cpu_milli, memory_mib, num_gpu, gpu_milli, "
                       "gpu_spec, gpu_spec_mask, creation_time, deletion_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (size_t i = 0; i < result.sequence.size(); ++i) {
        const PodSpec& s = result.sequence[i];
        pod.bindAll(id, i, s.name, s.cpuMilli, s.memoryMib, s.gpuCount, s.gpuMilli, s.gpuSpec, s.gpuSpecMask,
                    s.creationTime, s.deletionTime)
            .run();
    }

    Statement step(db_, "INSERT INTO pod_run_steps (run_id, position, kind, pod, node, gpu_mask, time_s, "
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
        step.bindAll(id, position, kind, podIndex, node, gpus, m.timeSeconds, m.arrivedMilli, m.gpuLeftMilli,
                     m.fragmentScaled, m.cpuWatts, m.gpuWatts, m.usedNodes, m.usedGpus, m.pending, f[0], f[1], f[2],
                     f[3], f[4], f[5], f[6])
            .run();
    }
    return id;
}

std::vector<int64_t> StudyStore::saveRuns(const Cluster& cluster, const std::vector<RunRecord::TraceFile>& inputs,
                                          const std::vector<NamedResult>& runs)
{
    return guarded([&] {
        const std::string createdAt = utcNow();
        sqlite::Transaction transaction(db_);
        const std::string nodeList = insertNodeList(cluster);
        std::vector<int64_t> ids;
        for (const auto& run : runs)
            ids.push_back(insertPodRun(nodeList, inputs, run, createdAt));
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
    Statement run(db_, "SELECT id, kind, name, policy, seed, mode, tool_version, created_at FROM runs "
                       "WHERE ?1 IS NULL OR id = ?1 ORDER BY id");
    run.bind(1, only);
    std::vector<RunRecord> records;
    while (run.step()) {
        RunRecord r;
        r.id = run.integer(0);
        r.kind = run.text(1);
        r.name = run.text(2);
        r.policy = run.text(3);
        r.seed = uint64_t(run.integer(4));
        r.mode = run.text(5);
        r.toolVersion = run.text(6);
        r.createdAt = run.text(7);
        records.push_back(std::move(r));
    }
    Statement input(db_, "SELECT role, path, content_hash FROM run_inputs WHERE run_id = ? ORDER BY role");
    for (auto& r : records) {
        input.bindAll(r.id);
        while (input.step())
            r.inputs.push_back({input.text(0), input.text(1), input.text(2)});
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
        auto damaged = [&](const std::string& what) {
            return InputError::fileLevel(db_.path(), fmt::format("damaged study: run {}: {}", id, what));
        };
        if (run.record.kind != RunRecord::kPodSchedulingKind)
            throw InputError::fileLevel(db_.path(), fmt::format("run {} is a {} run, not a {} run", id,
                                                                run.record.kind, RunRecord::kPodSchedulingKind));

        Statement params(db_, "SELECT node_list, tune, tie_order, replay_step_s, capacity_milli, fragment_scale "
                              "FROM pod_runs WHERE run_id = ?");
        if (!params.bindAll(id).step())
            throw damaged("no pod_runs row");
        const std::string nodeList = params.text(0);
        RunParameters& p = run.parameters;
        try {
            p.policy = PolicySpec::parse(run.record.policy);
        } catch (const UsageError& e) {
            throw damaged(fmt::format("policy \"{}\": {}", run.record.policy, e.what()));
        }
        p.seed = run.record.seed;
        p.mode = run.record.mode == modeName(SimulationMode::Replay) ? SimulationMode::Replay : SimulationMode::Experiment;
        p.tune = params.real(1);
        p.tieOrder = params.text(2) == tieOrderName(TieOrderKind::Name) ? TieOrderKind::Name : TieOrderKind::Seeded;
        p.replayStepSeconds = params.integer(3);
        run.capacityMilli = params.integer(4);
        run.fragmentScale = params.integer(5);

        Statement node(db_, "SELECT name, cpu_milli, memory_mib, gpu_count, gpu_model FROM node_list_nodes "
                            "WHERE node_list = ? ORDER BY position");
        node.bindAll(nodeList);
        while (node.step())
            run.nodes.push_back({node.text(0), int32_t(node.integer(1)), node.integer(2), int(node.integer(3)),
                                 node.text(4)});

        Statement pod(db_, "SELECT name, cpu_milli, memory_mib, num_gpu, gpu_milli, gpu_spec, gpu_spec_mask, "
                           "creation_time, deletion_time FROM pod_run_pods WHERE run_id = ? ORDER BY position");
        pod.bindAll(id);
        while (pod.step()) {
            PodSpec s;
            s.name = pod.text(0);
            s.cpuMilli = int32_t(pod.integer(1));
            s.memoryMib = pod.integer(2);
            s.gpuCount = int(pod.integer(3));
            s.gpuMilli = int32_t(pod.integer(4));
            s.gpuSpec = pod.text(5);
            s.gpuSpecMask = uint64_t(pod.integer(6));
            s.creationTime = pod.optionalInteger(7);
            s.deletionTime = pod.optionalInteger(8);
            run.sequence.push_back(std::move(s));
        }

        Statement step(db_, "SELECT position, kind, pod, node, gpu_mask, time_s, arrived_milli, gpu_left_milli, "
                            "fragment_scaled, cpu_watts, gpu_watts, used_nodes, used_gpus, pending, failed_cpu, "
                            "failed_share, failed_1gpu, failed_2gpu, failed_4gpu, failed_8gpu, failed_other_gpu "
                            "FROM pod_run_steps WHERE run_id = ? ORDER BY position");
        step.bindAll(id);
        while (step.step()) {
            const size_t position = run.samples.size();
            if (step.integer(0) != int64_t(position))
                throw damaged(fmt::format("step {} is missing", position));
            if (position > 0) {
                const auto kind = stepKindOf(step.text(1));
                const int64_t podIndex = step.integer(2);
                const int64_t nodeIndex = step.optionalInteger(3).value_or(-1);
                if (!kind || podIndex < 0 || size_t(podIndex) >= run.sequence.size() || nodeIndex >= int64_t(run.nodes.size()))
                    throw damaged(fmt::format("step {} refers to no pod or node", position));
                Step s;
                s.kind = *kind;
                s.pod = uint32_t(podIndex);
                s.placement = Placement{int32_t(nodeIndex), GpuMask(step.integer(4))};
                run.steps.push_back(s);
            }
            MetricSample m;
            m.timeSeconds = step.integer(5);
            m.arrivedMilli = step.integer(6);
            m.gpuLeftMilli = step.integer(7);
            m.fragmentScaled = step.integer(8);
            m.cpuWatts = step.integer(9);
            m.gpuWatts = step.integer(10);
            m.usedNodes = int32_t(step.integer(11));
            m.usedGpus = int32_t(step.integer(12));
            m.pending = int32_t(step.integer(13));
            for (size_t c = 0; c < m.failedByClass.size(); ++c)
                m.failedByClass[c] = int32_t(step.integer(14 + int(c)));
            run.samples.push_back(m);
        }
        if (run.samples.empty())
            throw damaged("no steps");
        snapshot.commit();
        return run;
    });
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

void StudyStore::deleteRun(int64_t id)
{
    guarded([&] {
        sqlite::Transaction transaction(db_);
        requireRun(id);
        Statement(db_, "DELETE FROM runs WHERE id = ?").bindAll(id).run();
        db_.exec("DELETE FROM node_lists WHERE content_hash NOT IN (SELECT node_list FROM pod_runs)");
        transaction.commit();
    });
}

}  // namespace tessera
