// The scripted start of the app (tessera --kind, --open, --policy, --study, --run, --view, --at;
// app/gui/StartScript and ScriptedStart) in the real main window: the options parse or are
// refused as usage errors; the bundled training jobs open and run with two policies, which the
// window shows side by side, on the Gantt at the asked position, saved in the asked study; a
// saved run reopens on the asked view; the bundled pod trace opens through the trace session;
// a missing file, an unknown policy or view, a missing run fail with the CLI's exit codes 3 and
// 2; and the binary itself says so on stderr with those codes.
#include "ScriptedStart.h"
#include "StartScript.h"
#include "run/RunHandle.h"
#include "store/StudyStore.h"
#include "support/FreshHomeMain.h"
#include "support/SessionWindow.h"

#include <QCommandLineParser>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <QtQml/qqmlextensionplugin.h>

#include <memory>

Q_IMPORT_QML_PLUGIN(TesseraPlugin)
Q_IMPORT_QML_PLUGIN(Tessera_ViewsPlugin)

using tessera::gui::ScriptedStart;
using tessera::gui::StartScript;
using tessera::test::SessionWindow;
using tessera::views::RunHandle;

namespace {

const QString kTrainingJobs = QStringLiteral(TESSERA_SOURCE_DIR "/traces/training/default.csv");
const QString kPodTrace = QStringLiteral(TESSERA_SOURCE_DIR "/traces/default/pods.csv");

// `arguments` (after the program name) as main() parses them; `error` as it would print.
StartScript parse(const QStringList& arguments, QString& error)
{
    QCommandLineParser parser;
    parser.addOptions(tessera::gui::startOptions());
    if (!parser.parse(QStringList{QStringLiteral("tessera")} + arguments)) {
        error = parser.errorText();
        return {};
    }
    return tessera::gui::parseStartScript(parser, error);
}

struct Outcome {
    int code = -1;
    QString message;
};

}  // namespace

class ScriptedStartTest : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::unique_ptr<SessionWindow> session_;
    qint64 savedId_ = -1;

    QString study() const { return dir_.filePath(QStringLiteral("study.sqlite")); }
    QQuickWindow* window() const { return session_->window(); }
    RunHandle* run(const char* property) const { return window()->property(property).value<RunHandle*>(); }

    // A fresh main window, loaded as main() loads it for `arguments`, and the script run in it.
    Outcome start(const QStringList& arguments)
    {
        QString error;
        const StartScript script = parse(arguments, error);
        if (!error.isEmpty())
            return {2, error};
        session_.reset();
        session_ = std::make_unique<SessionWindow>(
            QStringLiteral("scripted"), QVariantMap{{"scripted", ScriptedStart::replacesUsualStart(script)}});
        if (!window() || !QTest::qWaitForWindowExposed(window()))
            return {-1, QStringLiteral("no window")};
        ScriptedStart scripted(window(), script);
        QSignalSpy finished(&scripted, &ScriptedStart::finished);
        scripted.start();
        if (!finished.count() && !finished.wait(120000))
            return {-1, QStringLiteral("the script did not finish")};
        return {finished.first().at(0).toInt(), finished.first().at(1).toString()};
    }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void badOptionsAreUsageErrors()
    {
        const QList<std::pair<QStringList, QString>> cases{
            {{"--kind", "nope"}, "unknown run kind \"nope\""},
            {{"--run", "3"}, "no study was given"},
            {{"--study", "s.sqlite", "--run", "x"}, "--run: expected a run id"},
            {{"--policy", "pal"}, "--policy runs on the inputs of --open"},
            {{"--open", kTrainingJobs, "--at", "-2"}, "--at: expected a step"},
        };
        for (const auto& [arguments, expected] : cases) {
            QString error;
            parse(arguments, error);
            QVERIFY2(error.contains(expected), qPrintable(arguments.join(' ') + " -> " + error));
        }
        QString error;
        const StartScript script = parse({"--kind", "training-placement", "--open", "a.csv,b", "--policy", "pal",
                                          "--policy", "random", "--view", "gantt", "--at", "7"},
                                         error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(script.open, (QStringList{"a.csv", "b"}));
        QCOMPARE(parse({"--open", "prof,,scenario.csv"}, error).open, (QStringList{"prof", "", "scenario.csv"}));
        QVERIFY(parse({"--open", ","}, error).open.isEmpty() && error.contains("--open: no file named"));
        QCOMPARE(script.policies, (QStringList{"pal", "random"}));
        QCOMPARE(script.at, 7);
        QVERIFY(parse({}, error).empty() && error.isEmpty());
    }

    // Two policies on the bundled training jobs: the first shown, the second beside it, on
    // the Gantt at step 3, both saved in the study named.
    void opensRunsAndShowsTheGantt()
    {
        const Outcome outcome = start({"--kind", "training-placement", "--open", kTrainingJobs, "--policy", "pal",
                                       "--policy", "packed-sticky", "--study", study(), "--view", "gantt", "--at",
                                       "3"});
        QVERIFY2(outcome.code == 0, qPrintable(outcome.message));
        RunHandle* shown = run("currentRun");
        RunHandle* beside = run("otherRun");
        QVERIFY(shown && beside);
        QCOMPARE(shown->kind(), QStringLiteral("training-placement"));
        QCOMPARE(shown->policy(), QStringLiteral("pal"));
        QCOMPARE(beside->policy(), QStringLiteral("packed-sticky"));
        QCOMPARE(window()->property("viewIndex").toInt(), 0);
        QObject* occupancy = session_->find(QStringLiteral("occupancyView"));
        QVERIFY(occupancy);
        QCOMPARE(occupancy->property("modeIndex").toInt(),
                 int(occupancy->property("modes").toStringList().indexOf(QStringLiteral("gantt"))));
        QCOMPARE(session_->find(QStringLiteral("timeline"))->property("position").toInt(), 3);
        QCOMPARE(window()->property("panelIndex").toInt(), 1);
        QVERIFY(session_->find(QStringLiteral("kindBox"))->property("displayText").toString().contains(
            QStringLiteral("Training placement")));
        QCOMPARE(session_->find(QStringLiteral("studyLibrary"))->property("path").toString(), study());
        QObject* runs = session_->find(QStringLiteral("runManager"));
        QTRY_VERIFY_WITH_TIMEOUT(shown->storedId() > 0 && runs->property("pendingSaves").toInt() == 0, 60000);
        savedId_ = shown->storedId();
        session_->shoot(QStringLiteral("gantt"));
    }

    // The same start again, in a session that remembers nothing (a fresh home, as a script's
    // usually is): the study itself tells that it holds both runs, which are reopened, not
    // simulated and saved a second time.
    void aSecondStartReopensTheSavedRuns()
    {
        QVERIFY(savedId_ > 0);
        QSettings().clear();
        const Outcome outcome = start({"--kind", "training-placement", "--open", kTrainingJobs, "--policy", "pal",
                                       "--policy", "packed-sticky", "--study", study(), "--view", "gantt"});
        QVERIFY2(outcome.code == 0, qPrintable(outcome.message));
        QVERIFY(run("currentRun") && run("otherRun"));
        QCOMPARE(run("currentRun")->storedId(), savedId_);
        QVERIFY(run("otherRun")->storedId() > 0);
        QObject* runs = session_->find(QStringLiteral("runManager"));
        QTRY_VERIFY_WITH_TIMEOUT(runs->property("pendingSaves").toInt() == 0, 60000);
        tessera::StudyStore store(study().toStdString(), tessera::StudyStore::OpenMode::ExistingOnly);
        QCOMPARE(store.listRuns().size(), size_t(2));
    }

    // Options the run cannot satisfy are usage errors (exit 2): a view the kind lacks before
    // anything is simulated or saved; a step past the run's end with the run's range, as
    // `tessera-cli chart --at` says it.
    void badViewAndStepAreRefusedWithTheRange()
    {
        const QString other = dir_.filePath(QStringLiteral("other.sqlite"));
        const Outcome view = start({"--kind", "training-placement", "--open", kTrainingJobs, "--policy", "pal",
                                    "--study", other, "--view", "fragmentation"});
        QVERIFY2(view.code == 2 && view.message.contains("views: occupancy"), qPrintable(view.message));
        QVERIFY(!QFile::exists(other) ||
                tessera::StudyStore(other.toStdString(), tessera::StudyStore::OpenMode::ExistingOnly).listRuns().empty());
        const Outcome at = start({"--kind", "training-placement", "--open", kTrainingJobs, "--policy", "pal",
                                  "--study", study(), "--at", "99999"});
        QVERIFY2(at.code == 2 && at.message.contains("--at must be a round number from 0 to "),
                 qPrintable(at.message));
    }

    // The saved PAL run from the study, on the Variability tab.
    void reopensASavedRunOnAView()
    {
        QVERIFY(savedId_ > 0);
        const Outcome outcome =
            start({"--study", study(), "--run", QString::number(savedId_), "--view", "variability"});
        QVERIFY2(outcome.code == 0, qPrintable(outcome.message));
        RunHandle* shown = run("currentRun");
        QVERIFY(shown);
        QCOMPARE(shown->storedId(), savedId_);
        QCOMPARE(shown->policy(), QStringLiteral("pal"));
        QVERIFY(!run("otherRun"));
        const int view = window()->property("viewIndex").toInt();
        QTRY_COMPARE(session_->tabTexts().value(view), QStringLiteral("Variability"));
        // The Run panel takes the run's kind and request, and its inputs are opened from the
        // recipe (walk W1: it showed the pod kind, fgd, "Open a trace first").
        QObject* runs = session_->find(QStringLiteral("runManager"));
        QCOMPARE(runs->property("kind").value<QObject*>()->property("kindId").toString(),
                 QStringLiteral("training-placement"));
        QCOMPARE(session_->find(QStringLiteral("runPanel"))->property("policySpec").toString(), QStringLiteral("pal"));
        QTRY_VERIFY_WITH_TIMEOUT(runs->property("inputsReady").toBool(), 60000);
    }

    // The pod kind's inputs go through the trace session: one file, its partner found.
    void opensAPodTraceThroughTheTraceSession()
    {
        const Outcome outcome = start({"--kind", "pod-scheduling", "--open", kPodTrace, "--policy", "fgd", "--study",
                                       study(), "--view", "metrics"});
        QVERIFY2(outcome.code == 0, qPrintable(outcome.message));
        QVERIFY(run("currentRun"));
        QVERIFY2(run("currentRun")->policy().startsWith(QStringLiteral("fgd")), qPrintable(run("currentRun")->policy()));
        QTRY_COMPARE(session_->tabTexts().value(window()->property("viewIndex").toInt()), QStringLiteral("Metrics"));
    }

    void failuresEndWithTheCliExitCodes()
    {
        const QString missing = dir_.filePath(QStringLiteral("missing.csv"));
        const QList<std::tuple<QStringList, int, QString>> cases{
            {{"--kind", "training-placement", "--open", missing}, 3, missing},
            {{"--kind", "training-placement", "--open", kTrainingJobs, "--policy", "nosuch"}, 2, "--policy nosuch"},
            {{"--kind", "training-placement", "--open", kTrainingJobs + ",a,b"}, 2, "takes 2 inputs"},
            {{"--kind", "training-placement", "--open", kTrainingJobs, "--view", "nope"}, 2, "views: occupancy"},
            {{"--kind", "mig-inference", "--open", kTrainingJobs, "--view", "gantt"}, 3, "MIG inference"},
            {{"--study", study(), "--run", "999"}, 3, "--run 999"},
            {{"--study", missing, "--run", "1"}, 3, missing},
        };
        for (const auto& [arguments, code, expected] : cases) {
            const Outcome outcome = start(arguments);
            QVERIFY2(outcome.code == code && outcome.message.contains(expected),
                     qPrintable(QStringLiteral("%1 -> %2: %3").arg(arguments.join(' ')).arg(outcome.code).arg(outcome.message)));
        }
        QVERIFY2(SessionWindow::warnings().isEmpty(), qPrintable(SessionWindow::warnings().join('\n')));
    }

    // The app itself: the message on stderr, the exit code, no crash.
    void theAppExitsWithTheCodeAndSaysWhy()
    {
        session_.reset();
        const QList<std::tuple<QStringList, int, QString>> cases{
            {{"--kind", "nope"}, 2, "tessera: error: --kind: unknown run kind"},
            {{"--kind", "training-placement", "--open", dir_.filePath("missing.csv")}, 3, "missing.csv"},
        };
        for (const auto& [arguments, code, expected] : cases) {
            QProcess app;
            app.start(QStringLiteral(TESSERA_BUILD_DIR "/app/tessera"), arguments);
            QVERIFY(app.waitForFinished(120000));
            const QString err = QString::fromUtf8(app.readAllStandardError());
            QCOMPARE(app.exitStatus(), QProcess::NormalExit);
            QVERIFY2(app.exitCode() == code && err.contains(expected),
                     qPrintable(QStringLiteral("%1 -> %2: %3").arg(arguments.join(' ')).arg(app.exitCode()).arg(err)));
        }
    }

    void cleanupTestCase() { session_.reset(); }
};

int main(int argc, char** argv)
{
    return tessera::test::runInFreshHome<ScriptedStartTest>(argc, argv, QStringLiteral("tessera-scripted-start"),
                                                            QStringLiteral("TesseraScriptedStart"));
}
#include "tst_scriptedstart.moc"
