// Study files: runs survive a save and reopen exactly, rename and delete, a writer killed
// mid-transaction, files that are not studies, and the schema migrations.
#include "support/SharedData.h"
#include "support/SyntheticModels.h"
#include "support/TestFiles.h"
#include "io/ContentHash.h"
#include "io/InputError.h"
#include "io/TraceLoader.h"
#include "store/StudySchema.h"
#include "store/StudyStore.h"

#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <fstream>
#include <optional>

#include <sys/wait.h>
#include <unistd.h>

using namespace tessera;

namespace {

// The runs these tests store: tune 1.2, replay steps of 600 s.
std::unique_ptr<SimulationResult> simulate(const test::SyntheticModels& trace, const std::string& policy, uint64_t seed,
                                           SimulationMode mode, TieOrderKind tieOrder = TieOrderKind::Seeded)
{
    return trace.simulate({.policy = PolicySpec::parse(policy),
                           .seed = seed,
                           .mode = mode,
                           .tune = 1.2,
                           .tieOrder = tieOrder,
                           .replayStepSeconds = 600});
}

std::vector<RunRecord::TraceFile> fakeInputs()
{
    return {{std::string(RunRecord::kNodesRole), "/data/nodes.csv", ContentHash::ofBytes("nodes")},
            {std::string(RunRecord::kPodsRole), "/data/pods.csv", ContentHash::ofBytes("pods")}};
}

// The message of the InputError that opening `path` raises, or nothing when it opens.
std::optional<std::string> openError(const QString& path)
{
    try {
        StudyStore study(path.toStdString());
        return std::nullopt;
    } catch (const InputError& e) {
        return std::string(e.what());
    }
}

void compareSamples(const MetricSample& stored, const MetricSample& original, size_t position)
{
    const QByteArray where = "position " + QByteArray::number(qulonglong(position));
    QVERIFY2(stored.timeSeconds == original.timeSeconds, where);
    QVERIFY2(stored.arrivedMilli == original.arrivedMilli, where);
    QVERIFY2(stored.gpuLeftMilli == original.gpuLeftMilli, where);
    QVERIFY2(stored.fragmentScaled == original.fragmentScaled, where);
    QVERIFY2(stored.cpuWatts == original.cpuWatts, where);
    QVERIFY2(stored.gpuWatts == original.gpuWatts, where);
    QVERIFY2(stored.usedNodes == original.usedNodes, where);
    QVERIFY2(stored.usedGpus == original.usedGpus, where);
    QVERIFY2(stored.pending == original.pending, where);
    QVERIFY2(stored.failedByClass == original.failedByClass, where);
}

void compareValues(const MetricValues& stored, const MetricValues& original, size_t position)
{
    const QByteArray where = "position " + QByteArray::number(qulonglong(position));
    // Exact: the CSVs print these, and a study must give the same digits.
    QVERIFY2(stored.arrivedPct == original.arrivedPct, where);
    QVERIFY2(stored.allocPct == original.allocPct, where);
    QVERIFY2(stored.fragRatePct == original.fragRatePct, where);
    QVERIFY2(stored.fragOfTotalPct == original.fragOfTotalPct, where);
    QVERIFY2(stored.powerKw == original.powerKw, where);
    QVERIFY2(stored.cpuPowerKw == original.cpuPowerKw, where);
    QVERIFY2(stored.gpuPowerKw == original.gpuPowerKw, where);
}

// Everything a reopened run holds equals the run in memory, and its occupancy at a few
// positions equals the simulator's own cluster state there.
void compareRun(const StoredRun& stored, const SimulationResult& original, const TraceModels& models)
{
    const Cluster& cluster = models.cluster;
    const RunParameters& p = original.parameters;
    QCOMPARE(stored.record.kind, std::string(RunRecord::kPodSchedulingKind));
    QCOMPARE(stored.record.policy, p.policy.canonical());
    QCOMPARE(stored.record.seed, p.seed);
    QCOMPARE(stored.record.mode, std::string(modeName(p.mode)));
    QCOMPARE(stored.record.toolVersion, std::string(TESSERA_VERSION));
    QVERIFY(QRegularExpression("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$")
                .match(QString::fromStdString(stored.record.createdAt))
                .hasMatch());
    QCOMPARE(stored.parameters.policy.canonical(), p.policy.canonical());
    QCOMPARE(stored.parameters.seed, p.seed);
    QVERIFY(stored.parameters.mode == p.mode);
    QCOMPARE(stored.parameters.tune, p.tune);
    QVERIFY(stored.parameters.tieOrder == p.tieOrder);
    QCOMPARE(stored.parameters.replayStepSeconds, p.replayStepSeconds);
    QCOMPARE(stored.capacityMilli, original.capacityMilli);
    QCOMPARE(stored.fragmentScale, original.fragmentScale);

    QCOMPARE(stored.nodes.size(), cluster.nodes.size());
    for (size_t i = 0; i < cluster.nodes.size(); ++i) {
        const NodeSpec& n = cluster.nodes[i];
        QCOMPARE(stored.nodes[i].name, n.name);
        QCOMPARE(stored.nodes[i].cpuMilli, n.cpuMilli);
        QCOMPARE(stored.nodes[i].memoryMib, n.memoryMib);
        QCOMPARE(stored.nodes[i].gpuCount, n.gpuCount);
        QCOMPARE(stored.nodes[i].gpuModel, n.model == kNoGpuModel ? std::string() : cluster.registry.model(n.model).name);
    }

    QCOMPARE(stored.sequence.size(), original.sequence.size());
    for (size_t i = 0; i < original.sequence.size(); ++i) {
        const PodSpec& a = stored.sequence[i];
        const PodSpec& b = original.sequence[i];
        QCOMPARE(a.name, b.name);
        QCOMPARE(a.cpuMilli, b.cpuMilli);
        QCOMPARE(a.memoryMib, b.memoryMib);
        QCOMPARE(a.gpuCount, b.gpuCount);
        QCOMPARE(a.gpuMilli, b.gpuMilli);
        QCOMPARE(a.gpuSpec, b.gpuSpec);
        QCOMPARE(a.gpuSpecMask, b.gpuSpecMask);
        QVERIFY(a.creationTime == b.creationTime);
        QVERIFY(a.deletionTime == b.deletionTime);
    }

    const Timeline& timeline = original.timeline;
    QCOMPARE(stored.steps.size(), timeline.size());
    QCOMPARE(stored.samples.size(), timeline.size() + 1);
    for (size_t i = 0; i < timeline.size(); ++i) {
        const Step& a = stored.steps[i];
        const Step& b = timeline.step(i);
        QVERIFY2(a.kind == b.kind && a.pod == b.pod && a.placement.node == b.placement.node &&
                     a.placement.gpus == b.placement.gpus,
                 qPrintable(QString("step %1").arg(i)));
    }
    for (size_t position = 0; position <= timeline.size(); ++position) {
        compareSamples(stored.sampleAt(position), timeline.sampleAt(position), position);
        compareValues(stored.valuesAt(position), original.valuesAt(position), position);
    }
    // The node states the stored placements lead to are checked where they are regained, in
    // PodRunArchive (tst_runarchive).
}

// A run of `steps` steps over a short pod sequence, without simulating: only its size
// matters, to make a write that lasts long enough to be killed half-way.
std::unique_ptr<SimulationResult> bulkResult(const test::SyntheticModels& fixture, size_t steps)
{
    auto result = std::make_unique<SimulationResult>();
    result->parameters.policy = PolicySpec::parse("fgd");
    result->sequence = fixture.podList.pods;
    ClusterState state(fixture.cluster, fixture.models.fragmentation, fixture.models.power);
    MetricSample sample;
    result->timeline.begin(state, sample);
    for (size_t i = 0; i < steps; ++i) {
        sample.arrivedMilli = int64_t(i) * 1000;
        sample.gpuLeftMilli = int64_t(i % 9973);
        const Placement placement{int32_t(i % fixture.cluster.nodes.size()), GpuMask(1)};
        result->timeline.endStep(Step{StepKind::Arrival, uint32_t(i % result->sequence.size()), placement},
                                 sample, state);
    }
    return result;
}

bool hasStep(const SimulationResult& result, StepKind kind)
{
    for (size_t i = 0; i < result.timeline.size(); ++i)
        if (result.timeline.step(i).kind == kind)
            return true;
    return false;
}

}  // namespace

class TestStudyStore : public QObject {
    Q_OBJECT

private slots:
    void contentHashKnownAnswers()
    {
        // FIPS 180-4 examples.
        QCOMPARE(ContentHash::ofBytes(""), std::string("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
        QCOMPARE(ContentHash::ofBytes("abc"),
                 std::string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
        const std::string twoBlocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
        QCOMPARE(ContentHash::ofBytes(twoBlocks),
                 std::string("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"));
        // Fed in uneven pieces, the digest is the same.
        const std::string million(1'000'000, 'a');
        ContentHash pieces;
        for (size_t at = 0, piece = 1; at < million.size(); at += piece, piece = piece * 7 % 131 + 1)
            pieces.add(std::string_view(million).substr(at, piece));
        QCOMPARE(pieces.hex(), std::string("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));

        QTemporaryDir dir;
        const QString path = dir.filePath("trace.csv");
        QVERIFY(test::writeBytes(path, QByteArray::fromStdString(twoBlocks)));
        QCOMPARE(ContentHash::ofFile(path.toStdString()), ContentHash::ofBytes(twoBlocks));
        QVERIFY_THROWS_EXCEPTION(InputError, ContentHash::ofFile(dir.filePath("missing.csv").toStdString()));
    }

    void roundTripExperimentAndReplay()
    {
        const test::SyntheticModels experimentTrace(48, 500, 11, false);
        const test::SyntheticModels replayTrace(12, 600, 11, true);
        const auto experiment = simulate(experimentTrace, "fgd", 42, SimulationMode::Experiment);
        const auto replay = simulate(replayTrace, "pwr:100,fgd:900", 7, SimulationMode::Replay, TieOrderKind::Name);
        // The replay must exercise every step kind the study stores.
        QVERIFY(hasStep(*replay, StepKind::Departure));
        QVERIFY(hasStep(*replay, StepKind::Retry));
        QVERIFY(hasStep(*replay, StepKind::Expiry));
        QVERIFY(replay->timeline.sampleAt(replay->timeline.size()).pending > 0 ||
                replay->timeline.sampleAt(replay->timeline.size()).failedTotal() > 0);
        QVERIFY(experiment->timeline.sampleAt(experiment->timeline.size()).failedTotal() > 0);

        QTemporaryDir dir;
        const QString path = dir.filePath("study.sqlite");
        int64_t experimentId = 0, replayId = 0;
        {
            StudyStore study(path.toStdString());
            experimentId = study.saveRun(experimentTrace.cluster, fakeInputs(), *experiment, "baseline");
            replayId = study.saveRun(replayTrace.cluster, fakeInputs(), *replay);
        }
        StudyStore study(path.toStdString());
        const auto runs = study.listRuns();
        QCOMPARE(runs.size(), size_t(2));
        QCOMPARE(runs[0].id, experimentId);
        QCOMPARE(runs[0].name, std::string("baseline"));
        QCOMPARE(runs[1].name, std::string("pwr:100,fgd:900 seed 7"));  // the default name
        QCOMPARE(runs[1].inputs.size(), size_t(2));
        QCOMPARE(runs[1].trace()->path, std::string("/data/pods.csv"));
        QCOMPARE(runs[1].trace()->contentHash, ContentHash::ofBytes("pods"));

        compareRun(study.loadRun(experimentId), *experiment, experimentTrace.models);
        compareRun(study.loadRun(replayId), *replay, replayTrace.models);
        // Two different clusters: two node lists.
        QCOMPARE(study.database().queryInteger("SELECT count(*) FROM node_lists"), int64_t(2));
    }

    void realTraceRoundTripAndSaveTime()
    {
        TESSERA_REQUIRE_SHARED("traces/alibaba-gpu-v2023/openb_pod_list_default.csv");
        const std::string nodesPath = test::alibabaPath("openb_node_list_gpu_node.csv");
        const std::string podsPath = test::alibabaPath("openb_pod_list_default.csv");
        LoadWarnings warnings;
        const Cluster cluster = TraceLoader::loadCluster(nodesPath, {}, {}, warnings);
        const PodList pods = TraceLoader::loadPods(podsPath, cluster.registry, {}, warnings);
        const TraceModels models(cluster, pods.pods);
        RunParameters p;
        p.policy = PolicySpec::parse("fgd");
        const auto first = PodSimulation(models, p).run(pods);
        p.seed = 43;
        const auto second = PodSimulation(models, p).run(pods);
        const std::vector<RunRecord::TraceFile> inputs = {
            {std::string(RunRecord::kNodesRole), nodesPath, ContentHash::ofFile(nodesPath)},
            {std::string(RunRecord::kPodsRole), podsPath, ContentHash::ofFile(podsPath)}};

        QTemporaryDir dir;
        const QString path = dir.filePath("study.sqlite");
        int64_t id = 0;
        {
            StudyStore study(path.toStdString());
            QElapsedTimer timer;
            timer.start();
            id = study.saveRun(cluster, inputs, *first);
            qInfo("saving one real-trace run of %zu steps took %lld ms", first->timeline.size(), timer.elapsed());
            study.saveRun(cluster, inputs, *second);
        }
        StudyStore study(path.toStdString());
        compareRun(study.loadRun(id), *first, models);
        // The node list is stored once for both runs.
        QCOMPARE(study.database().queryInteger("SELECT count(*) FROM node_lists"), int64_t(1));
        QCOMPARE(study.database().queryInteger("SELECT count(*) FROM node_list_nodes"), int64_t(cluster.nodes.size()));
    }

    void renameAndDelete()
    {
        const test::SyntheticModels trace(20, 200, 11, false);
        std::vector<std::unique_ptr<SimulationResult>> results;
        for (uint64_t seed : {1, 2, 3})
            results.push_back(simulate(trace, "bestfit", seed, SimulationMode::Experiment));
        QTemporaryDir dir;
        const QString path = dir.filePath("study.sqlite");
        std::vector<int64_t> ids;
        {
            StudyStore study(path.toStdString());
            ids = study.saveRuns(trace.cluster, fakeInputs(),
                                 {{results[0].get(), "one"}, {results[1].get(), "two"}, {results[2].get(), "three"}});
            QCOMPARE(ids.size(), size_t(3));
            study.renameRun(ids[1], "second, renamed");
        }
        StudyStore study(path.toStdString());
        auto runs = study.listRuns();
        QCOMPARE(runs.size(), size_t(3));
        QCOMPARE(runs[0].name, std::string("one"));
        QCOMPARE(runs[1].name, std::string("second, renamed"));
        QCOMPARE(runs[2].name, std::string("three"));
        QCOMPARE(study.database().queryInteger("SELECT count(*) FROM node_lists"), int64_t(1));

        const int64_t stepsOfFirst = int64_t(results[0]->timeline.size()) + 1;
        const int64_t stepsBefore = study.database().queryInteger("SELECT count(*) FROM pod_run_steps");
        study.deleteRun(ids[0]);
        runs = study.listRuns();
        QCOMPARE(runs.size(), size_t(2));
        QCOMPARE(runs[0].id, ids[1]);
        QCOMPARE(runs[1].id, ids[2]);
        QVERIFY_THROWS_EXCEPTION(InputError, study.loadRun(ids[0]));
        // Its rows went with it; the shared node list stays for the other runs.
        QCOMPARE(study.database().queryInteger("SELECT count(*) FROM pod_run_steps"), stepsBefore - stepsOfFirst);
        QCOMPARE(study.database().queryInteger("SELECT count(*) FROM node_lists"), int64_t(1));
        compareRun(study.loadRun(ids[2]), *results[2], trace.models);

        study.deleteRun(ids[1]);
        study.deleteRun(ids[2]);
        QVERIFY(study.listRuns().empty());
        QCOMPARE(study.database().queryInteger("SELECT count(*) FROM node_lists"), int64_t(0));
        QCOMPARE(study.database().queryInteger("SELECT count(*) FROM node_list_nodes"), int64_t(0));
        QCOMPARE(study.database().queryInteger("SELECT count(*) FROM pod_run_pods"), int64_t(0));
        QVERIFY_THROWS_EXCEPTION(InputError, study.renameRun(ids[0], "gone"));
        QVERIFY_THROWS_EXCEPTION(InputError, study.deleteRun(ids[0]));
    }

    void killedWriterLeavesStudyIntact()
    {
        const test::SyntheticModels trace(16, 300, 11, true);
        const auto first = simulate(trace, "fgd", 42, SimulationMode::Replay);
        const auto second = simulate(trace, "dotproduct", 43, SimulationMode::Experiment);
        QTemporaryDir dir;
        const QString path = dir.filePath("study.sqlite");
        std::vector<int64_t> committed;
        {
            // Closed before the fork: SQLite connections must not cross into a child.
            StudyStore study(path.toStdString());
            committed = study.saveRuns(trace.cluster, fakeInputs(), {{first.get(), {}}, {second.get(), {}}});
        }

        int ready[2];
        QCOMPARE(pipe(ready), 0);
        const pid_t child = fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            close(ready[0]);
            try {
                const auto big = bulkResult(trace, 600'000);
                StudyStore study(path.toStdString());
                if (write(ready[1], "w", 1) != 1)
                    _exit(2);
                study.saveRun(trace.cluster, fakeInputs(), *big, "half-written");
            } catch (...) {
                _exit(3);
            }
            _exit(0);  // the write finished before the kill: the parent reports it
        }
        close(ready[1]);
        char token = 0;
        QCOMPARE(read(ready[0], &token, 1), ssize_t(1));
        close(ready[0]);
        // Pages spilled from the cache into the file (the rollback journal holds what they
        // replace) mean the transaction is well under way.
        const qint64 committedSize = QFileInfo(path).size();
        constexpr qint64 kUnderWay = 8 << 20;
        QElapsedTimer waited;
        waited.start();
        int status = 0;
        pid_t exited = 0;
        while (QFileInfo(path).size() - committedSize < kUnderWay && waited.elapsed() < 60'000 &&
               (exited = waitpid(child, &status, WNOHANG)) == 0)
            usleep(500);
        const qint64 writtenAtKill = QFileInfo(path).size() - committedSize;
        if (exited == 0) {
            kill(child, SIGKILL);
            QCOMPARE(waitpid(child, &status, 0), child);
        }
        QVERIFY2(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
                 "the child finished before it was killed: make its run larger");
        QVERIFY(writtenAtKill >= kUnderWay);
        QVERIFY2(QFileInfo::exists(path + "-journal"), "a killed writer leaves its hot journal");

        StudyStore study(path.toStdString());
        QCOMPARE(study.database().queryText("PRAGMA integrity_check"), std::string("ok"));
        const auto runs = study.listRuns();
        QCOMPARE(runs.size(), committed.size());
        for (const auto& run : runs)
            QVERIFY(run.name != "half-written");
        compareRun(study.loadRun(committed[0]), *first, trace.models);
        compareRun(study.loadRun(committed[1]), *second, trace.models);
        const int64_t expectedSteps = int64_t(first->timeline.size() + second->timeline.size()) + 2;
        QCOMPARE(study.database().queryInteger("SELECT count(*) FROM pod_run_steps"), expectedSteps);
        // And the study still takes writes.
        const int64_t next = study.saveRun(trace.cluster, fakeInputs(), *first, "after the crash");
        QVERIFY(next > committed.back());
    }

    void randomBytesAreNotAStudy()
    {
        QTemporaryDir dir;
        QByteArray noise(64 * 1024, '\0');
        Rng rng(2024);
        for (auto& byte : noise)
            byte = char(rng.below(256));
        const QString noisePath = dir.filePath("noise.sqlite");
        QVERIFY(test::writeBytes(noisePath, noise));
        const auto error = openError(noisePath);
        QVERIFY(error.has_value());
        QVERIFY2(error->find(noisePath.toStdString()) != std::string::npos, error->c_str());
        QVERIFY2(error->find("not a Tessera study") != std::string::npos, error->c_str());
        QCOMPARE(test::readBytes(noisePath), noise);  // refused, and left as it was

        const QString csvPath = dir.filePath("nodes.csv");
        QVERIFY(test::writeBytes(csvPath, "sn,cpu_milli,memory_mib,gpu,model\nnode-1,32000,1024,0,\n"));
        const auto csvError = openError(csvPath);
        QVERIFY(csvError.has_value());
        QVERIFY2(csvError->find("not a Tessera study") != std::string::npos, csvError->c_str());
    }

    void foreignSqliteIsRefused()
    {
        QTemporaryDir dir;
        const QString otherApp = dir.filePath("customers.sqlite");
        {
            sqlite::Database db(otherApp.toStdString(), sqlite::Database::OpenMode::CreateIfMissing);
            db.exec("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers VALUES (1, 'x');");
        }
        const auto error = openError(otherApp);
        QVERIFY(error.has_value());
        QVERIFY2(error->find(otherApp.toStdString()) != std::string::npos, error->c_str());
        QVERIFY2(error->find("not a Tessera study") != std::string::npos, error->c_str());
        {
            // Untouched: no Tessera tables, no WAL switch, its own data intact.
            sqlite::Database db(otherApp.toStdString(), sqlite::Database::OpenMode::ExistingOnly);
            QCOMPARE(db.queryText("PRAGMA journal_mode"), std::string("delete"));
            QCOMPARE(db.queryInteger("SELECT count(*) FROM sqlite_master WHERE name = 'runs'"), int64_t(0));
            QCOMPARE(db.queryInteger("SELECT count(*) FROM customers"), int64_t(1));
        }

        const QString taggedApp = dir.filePath("tagged.sqlite");
        {
            sqlite::Database db(taggedApp.toStdString(), sqlite::Database::OpenMode::CreateIfMissing);
            db.exec("PRAGMA application_id = 305419896");  // 0x12345678
        }
        const auto taggedError = openError(taggedApp);
        QVERIFY(taggedError.has_value());
        QVERIFY2(taggedError->find("0x12345678") != std::string::npos, taggedError->c_str());
    }

    // Node lists are shared by content hash; a kind other than pods may refer to them from its
    // own table. Deleting a run keeps every list some table still refers to, whatever kind's.
    void deleteKeepsNodeListsAnyKindStillUses()
    {
        const test::SyntheticModels trace(10, 120, 11, false);
        const auto result = simulate(trace, "bestfit", 1, SimulationMode::Experiment);
        QTemporaryDir dir;
        StudyStore study(dir.filePath("study.sqlite").toStdString());
        const int64_t pod = study.saveRun(trace.cluster, fakeInputs(), *result);
        sqlite::Database& db = study.database();
        db.exec("CREATE TABLE other_kind_runs (run_id INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE, "
                "node_list TEXT NOT NULL REFERENCES node_lists(content_hash))");
        db.exec("INSERT INTO runs (kind, name, policy, seed, mode, tool_version, created_at) "
                "VALUES ('other-kind', 'o', 'p', 1, 'm', 'v', 't')");
        const int64_t other = db.lastInsertRowId();
        sqlite::Statement(db, "INSERT INTO other_kind_runs (run_id, node_list) SELECT ?, node_list FROM pod_runs")
            .bindAll(other)
            .run();
        study.deleteRun(pod);
        QCOMPARE(db.queryInteger("SELECT count(*) FROM node_lists"), int64_t(1));
        QVERIFY(db.queryInteger("SELECT count(*) FROM node_list_nodes") > 0);
        study.deleteRun(other);
        QCOMPARE(db.queryInteger("SELECT count(*) FROM node_lists"), int64_t(0));
        QCOMPARE(db.queryInteger("SELECT count(*) FROM node_list_nodes"), int64_t(0));
    }

    // A study of format 1 gains the generic tables and the fork records on open; its runs keep
    // reading as before and are no forks.
    void formatOneStudyMigrates()
    {
        const test::SyntheticModels trace(10, 120, 11, false);
        const auto result = simulate(trace, "bestfit", 1, SimulationMode::Experiment);
        QTemporaryDir dir;
        const std::string path = dir.filePath("v1.sqlite").toStdString();
        {
            sqlite::Database db(path, sqlite::Database::OpenMode::CreateIfMissing);
            StudySchema::attach(db, StudySchema::migrations().first(1));
            QCOMPARE(db.queryInteger("PRAGMA user_version"), int64_t(1));
            QCOMPARE(db.queryInteger("SELECT count(*) FROM sqlite_master WHERE name = 'run_forks'"), int64_t(0));
            db.exec("INSERT INTO runs (kind, name, policy, seed, mode, tool_version, created_at) "
                    "VALUES ('pod-scheduling', 'old', 'fgd:1000', 1, 'experiment', 'v', 't')");
        }
        {
            // Read-only, it is read as it is: listed, no forks, not migrated.
            StudyStore readOnly(path, StudyStore::OpenMode::ReadOnly);
            QCOMPARE(readOnly.version(), int64_t(1));
            const auto runs = readOnly.listRuns();
            QCOMPARE(runs.size(), size_t(1));
            QVERIFY(!runs[0].parentId);
            QCOMPARE(runs[0].forkPosition, int64_t(-1));
        }
        StudyStore study(path);
        QCOMPARE(study.version(), int64_t(StudySchema::latestVersion()));
        QCOMPARE(study.database().queryInteger("PRAGMA user_version"), int64_t(StudySchema::latestVersion()));
        const int64_t id = study.saveRun(trace.cluster, fakeInputs(), *result);
        const auto record = study.findRun(id);
        QVERIFY(record);
        QVERIFY(!record->parentId);
        QCOMPARE(record->forkPosition, int64_t(-1));
        compareRun(study.loadRun(id), *result, trace.models);
    }

    // Where a fork came from is saved with it; deleting the parent forgets the parent's id but
    // not the position.
    void forkOriginIsSavedAndOutlivesTheParent()
    {
        const test::SyntheticModels trace(10, 120, 11, false);
        const auto parent = simulate(trace, "bestfit", 1, SimulationMode::Experiment);
        const auto fork = simulate(trace, "fgd", 1, SimulationMode::Experiment);
        QTemporaryDir dir;
        StudyStore study(dir.filePath("study.sqlite").toStdString());
        const int64_t parentId = study.saveRun(trace.cluster, fakeInputs(), *parent);
        const int64_t forkId = study.saveRun(trace.cluster, fakeInputs(), *fork);
        study.recordFork(forkId, parentId, 17);
        auto record = study.findRun(forkId);
        QCOMPARE(record->parentId, std::optional<int64_t>(parentId));
        QCOMPARE(record->forkPosition, int64_t(17));
        QVERIFY(!study.findRun(parentId)->parentId);
        QVERIFY_THROWS_EXCEPTION(InputError, study.recordFork(4242, parentId, 1));
        study.deleteRun(parentId);
        record = study.findRun(forkId);
        QVERIFY(!record->parentId);
        QCOMPARE(record->forkPosition, int64_t(17));
        // A damaged position is refused on reading, naming the table.
        study.database().exec("UPDATE run_forks SET fork_position = -3");
        try {
            study.listRuns();
            QFAIL("a negative fork position was accepted");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("run_forks") != std::string::npos, e.what());
        }
    }

    void emptyFileMigratesToLatest()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("empty.sqlite");
        QVERIFY(test::writeBytes(path, {}));
        StudyStore study(path.toStdString());
        sqlite::Database& db = study.database();
        QCOMPARE(db.queryInteger("PRAGMA user_version"), int64_t(StudySchema::latestVersion()));
        QCOMPARE(db.queryInteger("PRAGMA application_id"), int64_t(StudySchema::kApplicationId));
        QCOMPARE(db.queryText("PRAGMA journal_mode"), std::string("delete"));
        QCOMPARE(db.queryInteger("PRAGMA foreign_keys"), int64_t(1));
        for (const char* table : {"runs", "run_inputs", "node_lists", "node_list_nodes", "pod_runs", "pod_run_pods",
                                  "pod_run_steps"})
            QVERIFY2(db.queryInteger(std::string("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '") +
                                     table + "'") == 1,
                     table);
        QVERIFY(study.listRuns().empty());
        // A missing file is created only when asked to.
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 StudyStore(dir.filePath("absent.sqlite").toStdString(), StudyStore::OpenMode::ExistingOnly));
        QVERIFY(!QFileInfo::exists(dir.filePath("absent.sqlite")));
    }

    void laterVersionAddsTablesAndOlderBuildRefusesIt()
    {
        const test::SyntheticModels trace(10, 120, 11, false);
        const auto result = simulate(trace, "gpupacking", 5, SimulationMode::Experiment);
        QTemporaryDir dir;
        const QString path = dir.filePath("study.sqlite");
        int64_t id = 0;
        {
            StudyStore study(path.toStdString());
            id = study.saveRun(trace.cluster, fakeInputs(), *result);
        }
        // A later Tessera appends a migration, say for a new run kind.
        std::vector<StudyMigration> later(StudySchema::migrations().begin(), StudySchema::migrations().end());
        const int next = StudySchema::latestVersion() + 1;
        later.push_back({next, "CREATE TABLE mig_runs (run_id INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE "
                               "CASCADE, layout TEXT NOT NULL);"});
        {
            sqlite::Database db(path.toStdString(), sqlite::Database::OpenMode::ExistingOnly);
            StudySchema::attach(db, later);
            QCOMPARE(db.queryInteger("PRAGMA user_version"), int64_t(next));
            QCOMPARE(db.queryInteger("SELECT count(*) FROM sqlite_master WHERE name = 'mig_runs'"), int64_t(1));
            QCOMPARE(db.queryInteger("SELECT count(*) FROM runs"), int64_t(1));
            // Applying it again is a no-op.
            StudySchema::attach(db, later);
            QCOMPARE(db.queryInteger("PRAGMA user_version"), int64_t(next));
        }
        // This build knows only the older format: it refuses rather than misreads the file.
        const auto error = openError(path);
        QVERIFY(error.has_value());
        QVERIFY2(error->find("newer Tessera") != std::string::npos, error->c_str());
        // The runs written before the upgrade are intact for the later version.
        sqlite::Database db(path.toStdString(), sqlite::Database::OpenMode::ExistingOnly);
        QCOMPARE(db.queryInteger("SELECT count(*) FROM pod_run_steps WHERE run_id = " + std::to_string(id)),
                 int64_t(result->timeline.size() + 1));
    }
};

QTEST_APPLESS_MAIN(TestStudyStore)
#include "tst_studystore.moc"
