// RunManager: runs on the worker thread equal the core's own simulate, bad input never
// starts, forks share their parent's prefix, cancel drops the run, and every finished run
// lands in the study and reopens from it without simulating.
#include "PipelineTestSupport.h"
#include "runs/RunManager.h"
#include "runs/RunPalette.h"
#include "store/RunArchive.h"
#include "store/StudyStore.h"
#include "study/StudyLibrary.h"
#include "support/TestRuns.h"
#include "trace/TraceSession.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tessera;
using namespace tessera::views;

namespace {
constexpr double kSmallTune = 0.3;
// A run's name says a tune off the default (1.3), as every parameter off its default.
#define SMALL_TUNE " · tune 0.3×"
constexpr int kWaitMs = 120000;

RunHandle* finishedRun(const QSignalSpy& spy) { return spy.isEmpty() ? nullptr : spy.last().at(0).value<RunHandle*>(); }
}  // namespace

class TestPipelineRuns : public QObject {
    Q_OBJECT

    QTemporaryDir home_;
    TraceSession* session_ = nullptr;

    RunHandle* runFgd(RunManager& manager)
    {
        QSignalSpy finished(&manager, &RunManager::runFinished);
        if (!manager.start("fgd", "experiment", 42, kSmallTune, "seeded") || !finished.wait(kWaitMs))
            return nullptr;
        return finishedRun(finished);
    }

    // `manager` on the session's trace, saving into a new study `file`.
    bool savesInto(RunManager& manager, StudyLibrary& study, const QString& file)
    {
        manager.setTraceSession(session_);
        manager.setStudy(&study);
        return study.create(home_.filePath(file));
    }

    // runFgd, once the run is in the study.
    RunHandle* savedFgd(RunManager& manager)
    {
        RunHandle* run = runFgd(manager);
        if (run && !QTest::qWaitFor([run] { return run->storedId() >= 0; }, kWaitMs))
            return nullptr;
        return run;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(home_.isValid());
        test::isolateUserFiles(home_.path());
        session_ = new TraceSession(this);
        QSignalSpy loaded(session_, &TraceSession::traceLoaded);
        session_->loadDefault();
        QVERIFY(loaded.wait(kWaitMs));
    }

    void simulatesOnTheWorkerLikeTheCore()
    {
        RunManager manager;
        QAbstractItemModelTester tester(&manager, QAbstractItemModelTester::FailureReportingMode::QtTest);
        manager.setTraceSession(session_);
        QSignalSpy finished(&manager, &RunManager::runFinished);
        QSignalSpy inserted(&manager, &QAbstractItemModel::rowsInserted);
        QVERIFY(manager.start("fgd", "experiment", 42, kSmallTune, "seeded"));
        QVERIFY(manager.busy());
        QVERIFY(manager.status().contains("fgd:1000"));
        QVERIFY(finished.wait(kWaitMs));
        QVERIFY(!manager.busy());
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(manager.count(), 1);
        RunHandle* run = finishedRun(finished);
        QCOMPARE(manager.runAt(0), run);

        const auto direct = test::simulateRun(session_->trace(), "fgd", kSmallTune, 42);
        QCOMPARE(run->steps(), int(direct->steps()));
        QVERIFY(run->steps() > 100);
        QString why;
        QVERIFY2(test::sameSeries(run->run().series(), direct->series(), direct->steps() + 1, &why), qPrintable(why));
        // A tune of 0.3 stops near 30% of the GPUs arrived.
        QVERIFY(run->xAt(run->steps()) >= 29.0 && run->xAt(run->steps()) <= 31.0);

        const QModelIndex row = manager.index(0);
        QCOMPARE(row.data(RunManager::PolicyRole).toString(), QString("fgd:1000"));
        QCOMPARE(row.data(RunManager::SeedRole).toULongLong(), 42ull);
        QCOMPARE(row.data(RunManager::ModeRole).toString(), QString("experiment"));
        QCOMPARE(row.data(RunManager::StepsRole).toInt(), run->steps());
        QCOMPARE(row.data(RunManager::IsForkRole).toBool(), false);
        QCOMPARE(row.data(RunManager::RunRole).value<RunHandle*>(), run);
        QCOMPARE(row.data(RunManager::ColorRole).value<QColor>(), RunPalette::colors().front());
        QCOMPARE(row.data(RunManager::StoredIdRole).toLongLong(), -1ll);  // no study set

        QSignalSpy dataChanged(&manager, &QAbstractItemModel::dataChanged);
        run->setName("renamed");
        QCOMPARE(dataChanged.count(), 1);
        QCOMPARE(row.data(RunManager::NameRole).toString(), QString("renamed"));
    }

    void badInputNeverStarts_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("mode");
        QTest::addColumn<double>("tune");
        QTest::addColumn<QString>("tieOrder");
        QTest::addColumn<QString>("expected");  // part of the error text
        QTest::newRow("unknown plugin") << "fgd:900,nosuch:100" << "experiment" << 1.3 << "seeded" << "nosuch";
        QTest::newRow("zero weight") << "fgd:0" << "experiment" << 1.3 << "seeded" << "from 1 to 1000000";
        QTest::newRow("empty spec") << "" << "experiment" << 1.3 << "seeded" << "empty";
        QTest::newRow("bad mode") << "fgd" << "live" << 1.3 << "seeded" << "live";
        QTest::newRow("tune too small") << "fgd" << "experiment" << 0.0 << "seeded" << "tune";
        QTest::newRow("bad tie order") << "fgd" << "experiment" << 1.3 << "random" << "tie order";
    }
    void badInputNeverStarts()
    {
        QFETCH(QString, spec);
        QFETCH(QString, mode);
        QFETCH(double, tune);
        QFETCH(QString, tieOrder);
        QFETCH(QString, expected);
        RunManager manager;
        manager.setTraceSession(session_);
        QSignalSpy errorChanged(&manager, &RunManager::errorChanged);
        QVERIFY(!manager.start(spec, mode, 42, tune, tieOrder));
        QVERIFY(!manager.busy());
        QCOMPARE(errorChanged.count(), 1);
        QVERIFY2(manager.error().contains(expected, Qt::CaseInsensitive), qPrintable(manager.error()));
        QCOMPARE(manager.validate(spec).isEmpty(), !spec.isEmpty() && !spec.contains("nosuch") && spec != "fgd:0");
    }

    void noTraceNoRun()
    {
        RunManager manager;
        QVERIFY(!manager.start("fgd"));
        QVERIFY(manager.error().contains("no trace"));
    }

    void pluginsAreTheCoresSeven()
    {
        RunManager manager;
        const QStringList plugins = manager.plugins();
        for (const char* name : {"random", "dotproduct", "gpuclustering", "gpupacking", "bestfit", "fgd", "pwr"})
            QVERIFY2(plugins.contains(name), name);
    }

    void forkSharesTheParentsPrefix()
    {
        RunManager manager;
        QAbstractItemModelTester tester(&manager, QAbstractItemModelTester::FailureReportingMode::QtTest);
        manager.setTraceSession(session_);
        RunHandle* parent = runFgd(manager);
        QVERIFY(parent);
        const int at = parent->steps() / 2;

        QSignalSpy forked(&manager, &RunManager::forkFinished);
        QVERIFY(!manager.fork(parent, parent->steps() + 1, "pwr:100,fgd:900"));
        QVERIFY(!manager.fork(parent, at, "pwr:0"));
        QVERIFY(manager.fork(parent, at, "pwr:100,fgd:900"));
        QVERIFY(forked.wait(kWaitMs));
        RunHandle* fork = finishedRun(forked);
        QCOMPARE(fork->parentRun(), parent);
        QCOMPARE(fork->forkPosition(), at);
        QCOMPARE(fork->policy(), QString("pwr:100,fgd:900"));
        QCOMPARE(manager.count(), 2);
        QVERIFY(manager.index(1).data(RunManager::IsForkRole).toBool());
        QVERIFY(fork->color() != parent->color());

        QString why;
        QVERIFY2(test::sameSeries(fork->run().series(), parent->run().series(), size_t(at) + 1, &why),
                 qPrintable(why));
        const auto direct = parent->run().fork(size_t(at), "pwr:100,fgd:900");
        QCOMPARE(fork->steps(), int(direct->steps()));
        QVERIFY2(test::sameSeries(fork->run().series(), direct->series(), direct->steps() + 1, &why), qPrintable(why));
        // PWR takes other decisions after the fork point: the branches differ somewhere.
        QVERIFY(!test::sameSeries(fork->run().series(), parent->run().series(),
                                  size_t(std::min(fork->steps(), parent->steps())) + 1, &why));

        // Closing the parent leaves the fork open, its parent cleared.
        manager.remove(0);
        QCOMPARE(manager.count(), 1);
        QTRY_VERIFY(fork->parentRun() == nullptr);
        QCOMPARE(manager.runAt(0), fork);
    }

    void cancelDropsTheRun()
    {
        RunManager manager;
        manager.setTraceSession(session_);
        QSignalSpy finished(&manager, &RunManager::runFinished);
        QVERIFY(manager.start("pwr:100,fgd:900", "experiment", 7, 1.3, "seeded"));
        manager.cancel();
        QVERIFY(!manager.busy());
        QTest::qWait(1500);
        QCOMPARE(finished.count(), 0);
        QCOMPARE(manager.count(), 0);
        QVERIFY(manager.error().isEmpty());
        // What was cancelled stays said (not an error), until dismissed or the next run starts.
        QVERIFY2(manager.notice().startsWith("Simulating pwr:100,fgd:900"), qPrintable(manager.notice()));
        QVERIFY2(manager.notice().contains("cancelled at"), qPrintable(manager.notice()));
        QVERIFY2(manager.notice().endsWith("no run kept"), qPrintable(manager.notice()));
        QSignalSpy noticeChanged(&manager, &RunManager::noticeChanged);
        manager.dismissNotice();
        QVERIFY(manager.notice().isEmpty());
        QCOMPARE(noticeChanged.count(), 1);

        QVERIFY(manager.start("fgd", "experiment", 7, 1.3, "seeded"));
        manager.cancel();
        QVERIFY(!manager.notice().isEmpty());
        QVERIFY(manager.start("fgd", "experiment", 8, 1.3, "seeded"));
        QVERIFY(manager.notice().isEmpty());  // the next run makes it stale
        manager.cancel();
        manager.cancel();  // nothing running: nothing to say twice
        QVERIFY(manager.notice().startsWith("Simulating fgd"));
    }

    void everyRunIsSavedAndReopensWithoutSimulating()
    {
        StudyLibrary study;
        RunManager manager;
        QVERIFY(savesInto(manager, study, "runs-study.sqlite"));

        RunHandle* run = savedFgd(manager);
        QVERIFY(run);
        QSignalSpy forked(&manager, &RunManager::forkFinished);
        QVERIFY(manager.fork(run, 10, "bestfit"));
        QVERIFY(forked.wait(kWaitMs));
        RunHandle* fork = finishedRun(forked);
        QTRY_VERIFY_WITH_TIMEOUT(fork->storedId() >= 0, kWaitMs);
        QTRY_COMPARE(manager.pendingSaves(), 0);

        QCOMPARE(study.count(), 2);
        QCOMPARE(study.idAt(0), run->storedId());
        QCOMPARE(study.idAt(1), fork->storedId());
        QCOMPARE(study.index(0).data(StudyLibrary::PolicyRole).toString(), QString("fgd:1000"));
        QCOMPARE(study.index(1).data(StudyLibrary::PolicyRole).toString(), QString("bestfit:1000"));
        QCOMPARE(manager.index(0).data(RunManager::StoredIdRole).toLongLong(), run->storedId());

        // Closed, then reopened from the study.
        const qint64 storedId = run->storedId();
        const std::shared_ptr<const Run> original = run->shared();
        manager.remove(manager.indexOf(run));
        QSignalSpy opened(&manager, &RunManager::savedRunOpened);
        QVERIFY(manager.openSaved(storedId));
        QVERIFY(opened.wait(kWaitMs));
        RunHandle* reopened = finishedRun(opened);
        QCOMPARE(reopened->storedId(), storedId);
        QCOMPARE(reopened->policy(), QString::fromStdString(original->info().policy));
        QCOMPARE(reopened->steps(), int(original->steps()));
        const auto& a = reopened->run().series();
        const auto& b = original->series();
        for (const char* key : {"arrived_pct", "alloc_pct", "frag_rate_pct", "power_kw", "failed_pods"})
            for (size_t p = 0; p <= original->steps(); ++p)
                QCOMPARE(a.value(key, p), b.value(key, p));
        // Reopening is not a new run: the study keeps its two.
        QTest::qWait(300);
        QCOMPARE(manager.pendingSaves(), 0);
        QCOMPARE(study.count(), 2);

        // An id the study does not hold: an error, and no run opens.
        QSignalSpy errors(&manager, &RunManager::errorChanged);
        QVERIFY(manager.openSaved(storedId + 1000));
        QVERIFY(errors.wait(kWaitMs));
        QVERIFY2(manager.error().contains(QString::number(storedId + 1000)), qPrintable(manager.error()));
        QCOMPARE(manager.count(), 2);  // the fork and the reopened run
    }

    // Reopening a run that is open already shows the open one: no second copy.
    void reopeningAnOpenRunShowsIt()
    {
        StudyLibrary study;
        RunManager manager;
        QVERIFY(savesInto(manager, study, "reopen-study.sqlite"));
        RunHandle* run = savedFgd(manager);
        QVERIFY(run);
        QSignalSpy opened(&manager, &RunManager::savedRunOpened);
        QVERIFY(manager.openSaved(run->storedId()));
        QCOMPARE(opened.count(), 1);  // at once, nothing to load
        QCOMPARE(finishedRun(opened), run);
        QVERIFY(!manager.busy());
        QCOMPARE(manager.count(), 1);

        // Ids belong to their study: in another study the same id is another run, which opens,
        // and its rename leaves the open run of the first study alone.
        const QString other = home_.filePath("other-study.sqlite");
        {
            StudyStore store(other.toStdString());
            QCOMPARE(RunArchive::save(store, *test::simulateRun(test::syntheticTrace(12, 80, 3), "bestfit")),
                     run->storedId());
        }
        QVERIFY(study.open(other));
        QVERIFY(manager.openSaved(run->storedId()));
        QVERIFY(opened.wait(kWaitMs));
        QCOMPARE(opened.count(), 2);
        QVERIFY(finishedRun(opened) != run);
        QCOMPARE(finishedRun(opened)->policy(), QStringLiteral("bestfit:1000"));
        QCOMPARE(manager.count(), 2);
        const QString name = run->name();
        QVERIFY(study.rename(0, "other study's run"));
        QCOMPARE(run->name(), name);
        QCOMPARE(finishedRun(opened)->name(), QStringLiteral("other study's run"));
    }

    // One name: a rename in the study reaches the open run, its row, and all that binds to it.
    void renameInTheStudyReachesTheOpenRun()
    {
        StudyLibrary study;
        RunManager manager;
        QVERIFY(savesInto(manager, study, "rename-study.sqlite"));
        RunHandle* run = savedFgd(manager);
        QVERIFY(run);
        QTRY_VERIFY_WITH_TIMEOUT(study.rowOf(run->storedId()) >= 0, kWaitMs);
        QSignalSpy nameChanged(run, &RunHandle::nameChanged);
        QSignalSpy rowChanged(&manager, &QAbstractItemModel::dataChanged);
        QVERIFY(study.rename(study.rowOf(run->storedId()), "baseline"));
        QCOMPARE(nameChanged.count(), 1);
        QCOMPARE(run->name(), QStringLiteral("baseline"));
        QCOMPARE(rowChanged.count(), 1);
        QCOMPARE(manager.index(0).data(RunManager::NameRole).toString(), QStringLiteral("baseline"));
    }

    // A run the study holds already (same files, same parameters) is reopened, not simulated
    // and saved again: e.g. the FGD run of every start of the app. A fork that ends with the
    // same policy is another run, and so is a run with another parameter.
    void startReopensTheSameSavedRun()
    {
        StudyLibrary study;
        qint64 firstId = -1;
        {
            RunManager first;
            QVERIFY(savesInto(first, study, "reuse-study.sqlite"));
            RunHandle* run = savedFgd(first);
            QVERIFY(run);
            firstId = run->storedId();
            QSignalSpy forked(&first, &RunManager::forkFinished);
            QVERIFY(first.fork(run, 10, "bestfit"));
            QVERIFY(forked.wait(kWaitMs));
            QTRY_COMPARE_WITH_TIMEOUT(first.pendingSaves(), 0, kWaitMs);
            QTRY_VERIFY(finishedRun(forked)->storedId() >= 0);
        }
        QCOMPARE(study.count(), 2);

        // As after a restart of the app: a new manager, the same study.
        RunManager manager;
        manager.setTraceSession(session_);
        manager.setStudy(&study);
        QSignalSpy finished(&manager, &RunManager::runFinished);
        QSignalSpy opened(&manager, &RunManager::savedRunOpened);
        QVERIFY(manager.start("fgd", "experiment", 42, kSmallTune, "seeded"));
        QVERIFY(opened.wait(kWaitMs));
        QCOMPARE(finished.count(), 0);
        QCOMPARE(finishedRun(opened)->storedId(), firstId);
        QTest::qWait(200);
        QCOMPARE(manager.pendingSaves(), 0);
        QCOMPARE(study.count(), 2);

        // Started again while open: the open run is shown.
        QVERIFY(manager.start("fgd", "experiment", 42, kSmallTune, "seeded"));
        QCOMPARE(opened.count(), 2);
        QCOMPARE(manager.count(), 1);

        // Not the fork to bestfit, and not another tune: both simulate.
        QVERIFY(manager.start("bestfit", "experiment", 42, kSmallTune, "seeded"));
        QVERIFY(finished.wait(kWaitMs));
        QVERIFY(manager.start("fgd", "experiment", 42, kSmallTune + 0.01, "seeded"));
        QVERIFY(finished.wait(kWaitMs));
        QCOMPARE(finished.count(), 2);
        QCOMPARE(opened.count(), 2);
        QTRY_COMPARE_WITH_TIMEOUT(study.count(), 4, kWaitMs);
    }

    // Legends and lists must tell runs apart: a policy and seed repeated on the same pod list
    // gets a number.
    void openRunsHaveDistinctNames()
    {
        RunManager manager;
        manager.setTraceSession(session_);
        RunHandle* first = runFgd(manager);
        RunHandle* second = runFgd(manager);
        RunHandle* third = runFgd(manager);
        QVERIFY(first && second && third);
        QCOMPARE(first->name(), QStringLiteral("fgd · seed 42" SMALL_TUNE));
        QCOMPARE(second->name(), QStringLiteral("fgd · seed 42" SMALL_TUNE " (2)"));
        QCOMPARE(third->name(), QStringLiteral("fgd · seed 42" SMALL_TUNE " (3)"));
    }

    // A name says the policy as the user wrote it (a default weight is not spelt out) and the
    // mode: a replay and an experiment of one policy and seed are told apart by name, not by a
    // number.
    void namesSayThePolicyAsWrittenAndTheMode()
    {
        RunManager manager;
        manager.setTraceSession(session_);
        QSignalSpy finished(&manager, &RunManager::runFinished);
        QVERIFY(manager.start("pwr:100,fgd:900", "experiment", 7, kSmallTune, "seeded"));
        QVERIFY(finished.wait(kWaitMs));
        QCOMPARE(finishedRun(finished)->name(), QStringLiteral("pwr:100,fgd:900 · seed 7" SMALL_TUNE));
        RunHandle* experiment = runFgd(manager);
        QVERIFY(manager.start("fgd", "replay", 42, kSmallTune, "seeded"));
        QVERIFY(finished.wait(kWaitMs));
        RunHandle* replay = finishedRun(finished);
        QVERIFY(experiment && replay);
        QCOMPARE(experiment->name(), QStringLiteral("fgd · seed 42" SMALL_TUNE));
        QCOMPARE(replay->name(), QStringLiteral("fgd · seed 42 · replay"));  // a replay has no tune
        QCOMPARE(QString::fromStdString(PolicySpec::parse("fgd:1000,pwr:50").shortName()), QStringLiteral("fgd,pwr:50"));
        QCOMPARE(PolicySpec::parse(PolicySpec::parse("fgd,pwr:50").shortName()).canonical(),
                 PolicySpec::parse("fgd,pwr:50").canonical());
    }

    // ... and a name the study gave a run on another pod list gets this run's pod list's name,
    // so that the Library tells runs on two traces apart.
    void runsOnAnotherTraceAreNamedByTheirPodList()
    {
        const QString path = home_.filePath("names-study.sqlite");
        {
            StudyStore store(path.toStdString());
            RunParameters p;
            p.policy = PolicySpec::parse("fgd");
            p.tune = kSmallTune;
            RunArchive::save(store, *PodSchedulingRun::simulate(test::syntheticTrace(12, 80, 3), p, {},
                                                                "fgd · seed 42" SMALL_TUNE));
        }
        StudyLibrary study;
        QVERIFY(study.open(path));
        QCOMPARE(study.index(0).data(StudyLibrary::NameRole).toString(), QStringLiteral("fgd · seed 42" SMALL_TUNE));
        RunManager manager;
        manager.setTraceSession(session_);
        manager.setStudy(&study);
        RunHandle* run = runFgd(manager);
        QVERIFY(run);
        QCOMPARE(run->name(), QStringLiteral("fgd · seed 42" SMALL_TUNE " · pods"));
        QTRY_COMPARE_WITH_TIMEOUT(study.count(), 2, kWaitMs);
        QCOMPARE(study.index(1).data(StudyLibrary::NameRole).toString(), run->name());
    }

    void paletteGivesEachOpenRunItsOwnColour()
    {
        QList<QColor> used;
        for (int i = 0; i < RunPalette::colors().size(); ++i) {
            const QColor next = RunPalette::next(used);
            QVERIFY(!used.contains(next));
            used.append(next);
        }
        // All taken: the least used comes back, not always the first.
        used.append(RunPalette::colors().front());
        QCOMPARE(RunPalette::next(used), RunPalette::colors().at(1));
    }
};

QTEST_GUILESS_MAIN(TestPipelineRuns)
#include "tst_pipelineruns.moc"
