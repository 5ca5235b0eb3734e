// A run of any kind reopened from a study forks as the live run does: a MIG inference run saved
// by one RunManager, reopened by a fresh one (as another app session would), forked with
// another policy at a position, equals the live run forked there. A recorded input gone or
// changed is an error naming the file and the run; the manager keeps working.
#include "support/SeriesDifference.h"
#include "PipelineTestSupport.h"
#include "runs/RunManager.h"
#include "store/SqliteDatabase.h"
#include "study/StudyLibrary.h"
#include "support/OlderStudy.h"
#include "support/SharedData.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

using namespace tessera;
using namespace tessera::views;

namespace {

constexpr int kWaitMs = 120000;
constexpr int kPosition = 5;

RunHandle* last(const QSignalSpy& spy) { return spy.isEmpty() ? nullptr : spy.last().at(0).value<RunHandle*>(); }

using test::seriesDifference;

}  // namespace

class TestReopenFork : public QObject {
    Q_OBJECT

    QTemporaryDir home_;
    QString study_;
    qint64 savedId_ = -1;
    std::shared_ptr<const Run> liveFork_;

    // A manager of the MIG inference kind with `library` open on `study` (by default the one
    // the first test saves into).
    bool prepare(RunManager& manager, StudyLibrary& library, const QString& study = {})
    {
        manager.setStudy(&library);
        if (!library.open(study.isEmpty() ? study_ : study))
            return false;
        manager.kind()->setKindId(QStringLiteral("mig-inference"));
        return true;
    }

    // Run `id` of the study, reopened by `manager` (prepared with `library`).
    RunHandle* reopen(RunManager& manager, StudyLibrary& library, qint64 id, const QString& study = {})
    {
        if (!prepare(manager, library, study))
            return nullptr;
        QSignalSpy opened(&manager, &RunManager::savedRunOpened);
        if (!manager.openSaved(id) || !opened.wait(kWaitMs))
            return nullptr;
        return last(opened);
    }

    RunHandle* forkAt(RunManager& manager, RunHandle* run)
    {
        QSignalSpy forked(&manager, &RunManager::forkFinished);
        if (!manager.forkRequest(run, kPosition, QStringLiteral("parvagpu"), {{QStringLiteral("load_scale"), 1.5}}))
            return nullptr;
        return forked.wait(kWaitMs) ? last(forked) : nullptr;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(home_.isValid());
        test::isolateUserFiles(home_.path());
        study_ = home_.filePath("study.sqlite");
    }

    void forksTheLiveRunAndSavesIt()
    {
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        namespace fs = std::filesystem;
        const fs::path data = home_.filePath("data").toStdString();
        fs::create_directories(data);
        fs::copy(test::sharedPath("traces/mig-parvagpu/prof_data"), data / "prof_data");
        fs::copy(test::sharedPath("traces/mig-parvagpu/SLO"), data / "SLO");

        StudyLibrary library;
        QVERIFY(library.create(study_));
        RunManager manager;
        manager.setStudy(&library);
        manager.kind()->setKindId(QStringLiteral("mig-inference"));
        QSignalSpy loaded(&manager, &RunManager::inputsLoaded);
        QVERIFY(manager.loadInputs({{QStringLiteral("profiles"), home_.filePath("data/prof_data")},
                                    {QStringLiteral("slo"), home_.filePath("data/SLO")}}));
        QVERIFY(loaded.wait(kWaitMs));
        QSignalSpy finished(&manager, &RunManager::runFinished);
        QVERIFY2(manager.startRequest(QStringLiteral("mig-disabled"),
                                      {{QStringLiteral("duration"), 300}, {QStringLiteral("step"), 20},
                                       {QStringLiteral("predictor"), QStringLiteral("table")}}),
                 qPrintable(manager.error()));
        QVERIFY(finished.wait(kWaitMs));
        RunHandle* live = last(finished);
        QVERIFY(live);
        QVERIFY(QTest::qWaitFor([live] { return live->storedId() >= 0; }, kWaitMs));
        savedId_ = live->storedId();
        RunHandle* fork = forkAt(manager, live);
        QVERIFY2(fork, qPrintable(manager.error()));
        liveFork_ = fork->shared();
        QVERIFY(QTest::qWaitFor([fork] { return fork->storedId() >= 0; }, kWaitMs));
    }

    // A fresh manager and library, as a new session: the reopened run forks through its recipe.
    void aReopenedRunForksAsTheLiveRun()
    {
        QVERIFY(liveFork_);
        StudyLibrary library;
        RunManager manager;
        RunHandle* reopened = reopen(manager, library, savedId_);
        QVERIFY2(reopened, qPrintable(manager.error()));
        RunHandle* fork = forkAt(manager, reopened);
        QVERIFY2(fork, qPrintable(manager.error()));
        QCOMPARE(fork->parentRun(), reopened);
        QCOMPARE(seriesDifference(fork->shared()->series(), liveFork_->series()), QString());
        // The fork of the reopened run is saved with its own recipe: reopened, it forks again.
        QVERIFY(QTest::qWaitFor([fork] { return fork->storedId() >= 0; }, kWaitMs));
        const qint64 forkId = fork->storedId();
        StudyLibrary again;
        RunManager third;
        RunHandle* reopenedFork = reopen(third, again, forkId);
        QVERIFY2(reopenedFork, qPrintable(third.error()));
        QSignalSpy forked(&third, &RunManager::forkFinished);
        QVERIFY(third.forkRequest(reopenedFork, 2, QStringLiteral("oracle"), {}));
        QVERIFY2(forked.wait(kWaitMs), qPrintable(third.error()));
    }

    void aChangedInputIsAnErrorNamingTheFileAndTheRun()
    {
        QVERIFY(liveFork_);
        // A run made again once is kept: forking it again needs its files no more.
        StudyLibrary keptLibrary;
        RunManager kept;
        RunHandle* rebuiltOnce = reopen(kept, keptLibrary, savedId_);
        QVERIFY2(rebuiltOnce && forkAt(kept, rebuiltOnce), qPrintable(kept.error()));

        const QString changed = home_.filePath("data/SLO/SLO_req_rate.csv");
        QFile file(changed);
        QVERIFY(file.open(QIODevice::Append));
        file.write("\n");
        file.close();
        RunHandle* again = forkAt(kept, rebuiltOnce);
        QVERIFY2(again, qPrintable(kept.error()));
        QCOMPARE(seriesDifference(again->shared()->series(), liveFork_->series()), QString());

        StudyLibrary library;
        RunManager manager;
        RunHandle* reopened = reopen(manager, library, savedId_);
        QVERIFY2(reopened, qPrintable(manager.error()));
        QSignalSpy forked(&manager, &RunManager::forkFinished);
        QVERIFY(manager.forkRequest(reopened, kPosition, QStringLiteral("parvagpu"), {}));
        QVERIFY(QTest::qWaitFor([&manager] { return !manager.busy(); }, kWaitMs));
        QCOMPARE(forked.count(), 0);
        QVERIFY2(manager.error().contains(changed) && manager.error().contains(reopened->name())
                     && manager.error().contains(QStringLiteral("changed")),
                 qPrintable(manager.error()));
        QCOMPARE(manager.count(), 1);
        // The manager keeps working: the run still scrubs and charts, and another request starts.
        QVERIFY(reopened->steps() > 0);
    }

    // A study of format 2 records no inputs: its run opens, and a fork says why it cannot be.
    void anOlderStudyOpensButSaysItsInputsWereNotRecorded()
    {
        QVERIFY(liveFork_);
        const QString older = home_.filePath("older.sqlite");
        QVERIFY(QFile::copy(study_, older));
        {
            sqlite::Database db(older.toStdString(), sqlite::Database::OpenMode::ExistingOnly);
            test::downgradeStudy(db, 2);
            db.exec("DELETE FROM run_inputs");
        }
        StudyLibrary library;
        RunManager manager;
        RunHandle* reopened = reopen(manager, library, savedId_, older);
        QVERIFY2(reopened, qPrintable(manager.error()));
        QVERIFY(reopened->steps() > 0);
        QVERIFY(!manager.forkRequest(reopened, kPosition, QStringLiteral("parvagpu"), {}));
        QVERIFY2(manager.error().contains(QStringLiteral("cannot be forked"))
                     && manager.error().contains(QStringLiteral("inputs were not recorded")),
                 qPrintable(manager.error()));
    }
};

QTEST_GUILESS_MAIN(TestReopenFork)
#include "tst_reopenfork.moc"
