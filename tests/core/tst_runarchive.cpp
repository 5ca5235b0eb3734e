// Saved runs reopened through RunArchive: the reopened run must be the live run as the app sees
// it (info, every series column, layout, occupancy and heatmap values at any position, step
// descriptions, explanations) without simulating; a fork from it must equal a fork from the
// live run; a run whose trace files are gone or changed still opens but refuses to fork,
// naming the file. Also the per-GPU-model power columns, which must add up to the GPU power.
#include "support/InputErrorMatch.h"
#include "support/RunPartsCompare.h"
#include "support/SeriesDifference.h"
#include "support/SyntheticTraceFiles.h"
#include "io/InputError.h"
#include "run/PodSchedulingCursor.h"
#include "run/PodSchedulingRun.h"
#include "store/RunArchive.h"
#include "store/RunArchiveRegistry.h"
#include "store/StoredSeriesRun.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <filesystem>
#include <map>
#include <set>

using namespace tessera;

namespace {

// A trace written to `dir`, loaded from there as the app would. 900 pods ask for about three
// times the 60 nodes' GPUs, so the experiment at tune 1.3 drops pods; 250 pods ask for less,
// so it appends clones.
std::shared_ptr<const PodTrace> writeAndLoad(const QString& dir, int podCount = 900)
{
    const Cluster cluster = test::syntheticCluster(60);
    const PodList pods = test::syntheticPods(cluster, podCount, 5, true);
    const std::string nodesPath = QDir(dir).filePath("nodes.csv").toStdString();
    const std::string podsPath = QDir(dir).filePath("pods.csv").toStdString();
    test::writeNodesCsv(nodesPath, cluster);
    test::writePodsCsv(podsPath, pods);
    LoadWarnings warnings;
    return PodTrace::load(nodesPath, podsPath, {}, {}, warnings);
}

std::unique_ptr<PodSchedulingRun> simulate(std::shared_ptr<const PodTrace> trace, SimulationMode mode)
{
    RunParameters p;
    p.policy = PolicySpec::parse("pwr:100,fgd:900");
    p.seed = 3;
    p.mode = mode;
    p.replayStepSeconds = 600;
    return PodSchedulingRun::simulate(std::move(trace), p);
}

using test::seriesDifference;

void compareInfo(const RunInfo& a, const RunInfo& b)
{
    QCOMPARE(a.kind, b.kind);
    QCOMPARE(a.name, b.name);
    QCOMPARE(a.policy, b.policy);
    QCOMPARE(a.seed, b.seed);
    QCOMPARE(a.mode, b.mode);
    QCOMPARE(a.parameters, b.parameters);
}

// Cursors of both runs moved through the same positions, forwards and back, must agree.
void compareCursors(const Run& live, const Run& loaded)
{
    auto a = live.cursor();
    auto b = loaded.cursor();
    const size_t n = live.steps();
    std::vector<float> useA, useB, fragA, fragB;
    for (size_t position : {n / 3, n, size_t(0), n / 2, n - 1, size_t(1), n / 5 * 4}) {
        a->seek(position);
        b->seek(position);
        QCOMPARE(b->position(), position);
        a->cellUse(useA);
        b->cellUse(useB);
        QVERIFY(useA == useB);
        a->groupValues(fragA);
        b->groupValues(fragB);
        QVERIFY(fragA == fragB);
        QCOMPARE(b->describeCell(3), a->describeCell(3));
    }
}

// What the app shows of a run from its series and cursors alone is the same for both runs.
void compareShownRuns(const Run& expected, const Run& actual)
{
    QCOMPARE(actual.steps(), expected.steps());
    const QString difference = seriesDifference(expected.series(), actual.series());
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
    compareCursors(expected, actual);
}

void compareExplanations(const ExplanationTable& a, const ExplanationTable& b)
{
    QCOMPARE(a.subject, b.subject);
    QCOMPARE(a.columns, b.columns);
    QCOMPARE(a.rows.size(), b.rows.size());
    for (size_t r = 0; r < a.rows.size(); ++r) {
        QCOMPARE(a.rows[r].candidate, b.rows[r].candidate);
        QVERIFY(a.rows[r].values == b.rows[r].values);
    }
    QCOMPARE(a.winner, b.winner);
    QCOMPARE(a.outcome, b.outcome);
    QCOMPARE(a.why, b.why);
    QCOMPARE(a.filtered.size(), b.filtered.size());
    for (size_t f = 0; f < a.filtered.size(); ++f) {
        QCOMPARE(a.filtered[f].candidate, b.filtered[f].candidate);
        QCOMPARE(a.filtered[f].reason, b.filtered[f].reason);
    }
}

}  // namespace

class TestRunArchive : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::shared_ptr<const PodTrace> trace_;

    std::string studyPath(const QString& name) const { return dir_.filePath(name).toStdString(); }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        trace_ = writeAndLoad(dir_.path());
        QCOMPARE(trace_->files.size(), size_t(2));
    }

    void savedRunReopensAsTheLiveRun_data()
    {
        QTest::addColumn<bool>("replay");
        QTest::newRow("experiment") << false;
        QTest::newRow("replay") << true;
    }

    void savedRunReopensAsTheLiveRun()
    {
        QFETCH(bool, replay);
        const auto live = simulate(trace_, replay ? SimulationMode::Replay : SimulationMode::Experiment);
        QVERIFY(live->steps() > 300);
        StudyStore study(studyPath(replay ? "replay.sqlite" : "experiment.sqlite"));
        const int64_t id = RunArchive::save(study, *live);
        std::vector<double> progress;
        const auto loaded = RunArchive::load(study, id, [&](double f) {
            progress.push_back(f);
            return true;
        });
        QVERIFY(!progress.empty());
        QCOMPARE(progress.back(), 1.0);
        QVERIFY(std::is_sorted(progress.begin(), progress.end()));

        compareInfo(live->info(), loaded->info());
        test::compareLayout(loaded->layout(), live->layout());
        compareShownRuns(*live, *loaded);
        QCOMPARE(loaded->groupValueInfo().key, live->groupValueInfo().key);
        size_t explained = 0;
        for (size_t step = 0; step < live->steps(); step += live->steps() / 9) {
            QCOMPARE(loaded->describeStep(step), live->describeStep(step));
            compareExplanations(live->explain(step), loaded->explain(step));
            explained += live->explain(step).winner >= 0;
        }
        QVERIFY(explained >= 3);
    }

    void forkOfTheReopenedRunEqualsForkOfTheLiveRun()
    {
        const auto live = simulate(trace_, SimulationMode::Experiment);
        StudyStore study(studyPath("fork.sqlite"));
        const auto loaded = RunArchive::load(study, RunArchive::save(study, *live, "base run"));
        QCOMPARE(loaded->info().name, std::string("base run"));
        const size_t at = live->steps() / 2;
        const auto fromLive = live->fork(at, "bestfit");
        const auto fromLoaded = loaded->fork(at, "bestfit");
        compareShownRuns(*fromLive, *fromLoaded);
        // The branch really took another course, so the comparison above could fail.
        QVERIFY(seriesDifference(live->series(), fromLive->series()) != QString());
    }

    void missingOrChangedTraceFileBlocksForkOnly_data()
    {
        QTest::addColumn<bool>("remove");
        QTest::newRow("removed pod list") << true;
        QTest::newRow("changed pod list") << false;
    }

    // Without its pod list, a reopened run takes the target workload (for the heatmap and the
    // inspector's FGD scores) from its stored pod sequence: exact when the experiment appended
    // clones, as here (with dropped pods it can only approximate it).
    void missingOrChangedTraceFileBlocksForkOnly()
    {
        QFETCH(bool, remove);
        QTemporaryDir own;
        const auto trace = writeAndLoad(own.path(), 250);
        const auto live = simulate(trace, SimulationMode::Experiment);
        QVERIFY(live->steps() > size_t(250));  // clones were appended
        StudyStore study(studyPath(remove ? "removed.sqlite" : "changed.sqlite"));
        const int64_t id = RunArchive::save(study, *live);
        if (remove) {
            QVERIFY(QFile::remove(QString::fromStdString(trace->podsPath)));
        } else {
            QFile pods(QString::fromStdString(trace->podsPath));
            QVERIFY(pods.open(QIODevice::Append));
            pods.write("pod-extra,1000,1024,0,0,,LS,Running,5,,5\n");
        }
        const auto loaded = RunArchive::load(study, id);
        // Everything but fork still works from the study alone, and is still the live run.
        compareShownRuns(*live, *loaded);
        compareExplanations(live->explain(live->steps() / 2), loaded->explain(live->steps() / 2));

        const auto error = test::errorOf([&] { loaded->fork(10, "fgd"); });
        QVERIFY2(error, "fork of a run without its trace files did not fail");
        QCOMPARE(error->file(), trace->podsPath);
        const std::string what = error->what();
        QVERIFY2(what.find(remove ? "no longer exists" : "changed") != std::string::npos, what.c_str());
        QVERIFY2(what.find(trace->podsPath) != std::string::npos, what.c_str());
    }

    void unknownIdIsAnError()
    {
        StudyStore study(studyPath("empty.sqlite"));
        const auto error = test::errorOf([&] { RunArchive::load(study, 4242); });
        QVERIFY(error);
        QVERIFY2(std::string(error->what()).find("no run with id 4242") != std::string::npos, error->what());
        QCOMPARE(error->file(), study.path());
    }

    // A later kind plugs in by registering itself; RunArchive dispatches on the stored kind and
    // names a kind nobody registered.
    void dispatchesOnTheRunKind()
    {
        StudyStore study(studyPath("kinds.sqlite"));
        auto addRun = [&](const std::string& kind) {
            sqlite::Statement(study.database(), "INSERT INTO runs (kind, name, policy, seed, mode, tool_version, "
                                                "created_at) VALUES (?, 'x', 'p', 1, 'm', 'v', 't')")
                .bindAll(kind)
                .run();
            return study.database().lastInsertRowId();
        };
        const int64_t unknown = addRun("no-such-kind");
        const auto error = test::errorOf([&] { RunArchive::load(study, unknown); });
        QVERIFY(error);
        QVERIFY2(std::string(error->what()).find("\"no-such-kind\"") != std::string::npos, error->what());

        const int64_t other = addRun("test-kind");
        int64_t loadedId = -1;
        {
            RunArchiveRegistration registration(
                "test-kind", {[](StudyStore&, const Run&, const std::string&) { return int64_t(0); },
                              [&](StudyStore&, int64_t id, const ProgressCallback&) -> std::unique_ptr<Run> {
                                  loadedId = id;
                                  return nullptr;
                              }});
            // A loader that returns no run is refused with a message, never handed on as null.
            const auto nullRun = test::errorOf([&] { RunArchive::load(study, other); });
            QCOMPARE(loadedId, other);
            QVERIFY(nullRun);
            QVERIFY2(std::string(nullRun->what()).find("returned no run") != std::string::npos, nullRun->what());
        }
        // The registration ended with its scope: nothing refers to the dead local any more.
        QVERIFY(!RunArchiveRegistry::instance().contains("test-kind"));
        QVERIFY(test::errorOf([&] { RunArchive::load(study, other); }));
        QVERIFY(RunArchiveRegistry::instance().contains(PodSchedulingRun::kKind));
    }

    // A kind that registers no archive of its own is saved in the generic tables and reopens
    // with its info, every series value and its layout, without kind code; it cannot be
    // forked, and says why. A series with NaN is refused on saving; damaged generic rows are
    // refused on reading, naming the table.
    void aKindWithoutAnArchiveReopensFromTheGenericTables()
    {
        const auto live = simulate(trace_, SimulationMode::Replay);
        RunInfo info = live->info();
        info.kind = "kind-without-archive";
        info.parameters.emplace_back("load scale", "1.5");
        MetricSeries series;
        for (size_t c = 0; c < live->series().columns(); ++c) {
            const auto column = live->series().column(c);
            series.add(live->series().info(c), std::vector<double>(column.begin(), column.end()));
        }
        const StoredSeriesRun run(info, series, live->layout(), {});
        QVERIFY(!RunArchiveRegistry::instance().contains(info.kind));
        StudyStore study(studyPath("generic.sqlite"));
        const int64_t id = RunArchive::save(study, run, "generic run");
        const auto reopened = RunArchive::load(study, id);
        QCOMPARE(reopened->info().kind, info.kind);
        QCOMPARE(reopened->info().name, std::string("generic run"));
        QCOMPARE(reopened->info().policy, info.policy);
        QCOMPARE(reopened->info().seed, info.seed);
        QCOMPARE(reopened->info().parameters, info.parameters);
        QCOMPARE(reopened->steps(), live->steps());
        test::compareLayout(reopened->layout(), live->layout());
        for (size_t c = 0; c < series.columns(); ++c) {
            QCOMPARE(reopened->series().info(c).key, series.info(c).key);
            QCOMPARE(reopened->series().info(c).count, series.info(c).count);
            for (size_t r = 0; r < series.rows(); ++r)
                QVERIFY2(series.column(c)[r] == reopened->series().column(c)[r],
                         qPrintable(QString("%1 %2").arg(c).arg(r)));
        }
        MetricSeries withNaN = series;
        withNaN.add({"nan", "Not a number", ""}, std::vector<double>(series.rows(), std::nan("")));
        const auto runs = study.listRuns().size();
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 RunArchive::save(study, StoredSeriesRun(info, withNaN, live->layout(), {})));
        QCOMPARE(study.listRuns().size(), runs);  // nothing of it was kept
        const auto refused = test::errorOf([&] { reopened->fork(1, "fgd"); });
        QVERIFY(refused);
        QVERIFY2(std::string(refused->what()).find("cannot be forked") != std::string::npos, refused->what());

        // A missing value and an x axis that goes back are damage, named.
        study.database().exec("DELETE FROM run_metric_values WHERE position = 3 AND column_index = 1");
        auto damaged = test::errorOf([&] { RunArchive::load(study, id); });
        QVERIFY(damaged);
        QVERIFY2(std::string(damaged->what()).find("run_metric_values") != std::string::npos, damaged->what());
        const int64_t second = RunArchive::save(study, run);
        sqlite::Statement(study.database(), "UPDATE run_metric_values SET value = -1 WHERE run_id = ? AND position = 5 "
                                            "AND column_index = 0")
            .bindAll(second)
            .run();
        damaged = test::errorOf([&] { RunArchive::load(study, second); });
        QVERIFY(damaged);
        QVERIFY2(std::string(damaged->what()).find("never decreases") != std::string::npos, damaged->what());
    }

    // A fork saved with its origin reopens knowing its parent and position.
    void forkOriginIsSavedWithTheFork()
    {
        const auto live = simulate(trace_, SimulationMode::Experiment);
        const size_t at = live->steps() / 3;
        const auto fork = live->fork(at, "bestfit");
        StudyStore study(studyPath("fork-origin.sqlite"));
        const int64_t parent = RunArchive::save(study, *live);
        const int64_t id = RunArchive::save(study, *fork, {}, RunArchive::ForkOrigin{parent, at});
        const auto record = study.findRun(id);
        QVERIFY(record);
        QCOMPARE(record->parentId, std::optional<int64_t>(parent));
        QCOMPARE(record->forkPosition, int64_t(at));
        QVERIFY(!study.findRun(parent)->parentId);
    }

    void cancelledLoadThrows()
    {
        const auto live = simulate(trace_, SimulationMode::Experiment);
        StudyStore study(studyPath("cancel.sqlite"));
        const int64_t id = RunArchive::save(study, *live);
        QVERIFY_THROWS_EXCEPTION(CancelledError, RunArchive::load(study, id, [](double) { return false; }));
    }

    // One column per GPU model, moved incrementally by the simulator's node changes; checked
    // against a full recount of every node at several positions, and against the GPU total.
    void gpuPowerByModelAddsUpToGpuPower()
    {
        const auto run = simulate(trace_, SimulationMode::Replay);
        const MetricSeries& s = run->series();
        std::set<std::string> models;
        for (const auto& n : trace_->cluster.nodes)
            if (n.gpuCount > 0)
                models.insert(trace_->cluster.registry.model(n.model).name);
        QVERIFY(models.size() >= 5);
        std::vector<size_t> columns;
        for (const auto& model : models) {
            const auto c = s.find("gpu_power_kw:" + model);
            QVERIFY2(c, model.c_str());
            QCOMPARE(s.info(*c).label, model + " GPU power");
            QCOMPARE(s.info(*c).unit, std::string("kW"));
            columns.push_back(*c);
        }
        size_t byModel = 0;
        for (size_t c = 0; c < s.columns(); ++c)
            byModel += s.info(c).key.rfind("gpu_power_kw:", 0) == 0;
        QCOMPARE(byModel, models.size());

        const size_t gpu = *s.find("gpu_power_kw");
        for (size_t r = 0; r < s.rows(); ++r) {
            int64_t watts = 0;
            for (size_t c : columns)
                watts += std::llround(s.column(c)[r] * 1000.0);
            QCOMPARE(watts, std::llround(s.column(gpu)[r] * 1000.0));
        }

        PodSchedulingCursor cursor(*run);
        const PowerModel& power = trace_->models->power;
        for (size_t position : {size_t(0), run->steps() / 4, run->steps() / 2, run->steps()}) {
            cursor.seek(position);
            std::map<std::string, int64_t> recount;
            for (size_t n = 0; n < trace_->cluster.nodes.size(); ++n) {
                const NodeSpec& spec = trace_->cluster.nodes[n];
                if (spec.gpuCount > 0)
                    recount[trace_->cluster.registry.model(spec.model).name]
                        += power.nodePower(spec, cursor.state().state(n)).gpuWatts;
            }
            for (const auto& [model, watts] : recount)
                QCOMPARE(s.value("gpu_power_kw:" + model, position), double(watts) / 1000.0);
        }
        // The replay ends with most pods gone: power must have risen and fallen again.
        double peak = 0;
        for (size_t r = 0; r < s.rows(); ++r)
            peak = std::max(peak, s.column(gpu)[r]);
        QVERIFY(peak > s.column(gpu)[0]);
    }
};

QTEST_APPLESS_MAIN(TestRunArchive)
#include "tst_runarchive.moc"
