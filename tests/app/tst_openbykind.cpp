// Opening a file whatever the kind chosen (walk14 W3, W19), the Fork dialog of a rental run
// (W4, W5) and the renting kind's wording (W18), in the real main window: Open… on a Pollux
// workload from the pod kind switches to renting and says what it loaded, where the profiles
// were found, and which other kind reads the file; a restart comes back to that kind and its
// inputs; the Fork dialog of a BOA run starts from BOA and its budget with no error, keeps its
// height when an error comes and goes, writes its range with separators and says what a
// fork's budget averages over. Screens: <build>/screenshots/openkind-*.png.
#include "run/RunHandle.h"
#include "support/FreshHomeMain.h"
#include "support/SessionWindow.h"
#include "support/SharedData.h"

#include <QPointer>
#include <QQuickItem>
#include <QSignalSpy>
#include <QTest>

#include <QtQml/qqmlextensionplugin.h>

Q_IMPORT_QML_PLUGIN(TesseraPlugin)
Q_IMPORT_QML_PLUGIN(Tessera_ViewsPlugin)

using tessera::test::SessionWindow;
using tessera::views::RunHandle;

namespace {

constexpr const char* kRent = "training-rent";

QString pollux() { return tessera::test::sharedDir() + "/traces/pollux-osdi21/simulator"; }
QString workload() { return pollux() + "/workloads/workload-1.csv"; }

}  // namespace

class OpenByKindTest : public QObject {
    Q_OBJECT

    std::unique_ptr<SessionWindow> session_;
    QQuickWindow* window_ = nullptr;
    QPointer<RunHandle> boa_;

    QObject* find(const char* name) { return session_->find(QString::fromLatin1(name)); }
    QObject* runs() { return find("runManager"); }
    QObject* kind() { return runs()->property("kind").value<QObject*>(); }
    RunHandle* currentRun() { return window_->property("currentRun").value<RunHandle*>(); }

    void start()
    {
        session_ = std::make_unique<SessionWindow>(QStringLiteral("openkind"));
        window_ = session_->window();
        QVERIFY(window_);
        QVERIFY(QTest::qWaitForWindowExposed(window_));
    }
    void waitIdle() { QTRY_VERIFY_WITH_TIMEOUT(!runs()->property("busy").toBool(), 120000); }

private slots:
    void initTestCase()
    {
        start();
        QTRY_VERIFY_WITH_TIMEOUT(currentRun() != nullptr, 60000);  // the bundled trace, run with FGD
        waitIdle();
    }

    // The first-start hint names every kind and says a job file switches kind.
    void theFirstStartHintNamesTheKinds()
    {
        QObject* hint = find("firstStartHint");
        QVERIFY(hint);
        const QVariantList steps = hint->property("steps").toList();
        QVERIFY(!steps.isEmpty());
        const QString first = steps.first().toMap().value("text").toString();
        QVERIFY2(first.contains("job file"), qPrintable(first));
        for (const QVariant& entry : kind()->property("kindEntries").toList())
            QVERIFY2(first.contains(entry.toMap().value("name").toString()), qPrintable(first));
    }

    // The stale-policy regression's first half: the Fork dialog once opened on the pod run,
    // whose editable spec box wrote "fgd" over its binding to the run's policy.
    void forkDialogOnThePodRun()
    {
        QObject* dialog = find("forkDialog");
        QVERIFY(dialog);
        QMetaObject::invokeMethod(dialog, "open");
        QTRY_VERIFY(dialog->property("opened").toBool());
        QCOMPARE(find("forkSpec")->property("text").toString(), currentRun()->policy());
        QMetaObject::invokeMethod(dialog, "reject");
        QTRY_VERIFY(!dialog->property("visible").toBool());
    }

    // Open… on a Pollux workload while pods are the kind: renting takes it, finds the profiles
    // beside it, fills their field and says so.
    void openingAPolluxWorkloadSwitchesToRenting()
    {
        TESSERA_REQUIRE_SHARED("traces/pollux-osdi21/simulator/workloads/workload-1.csv");
        QCOMPARE(kind()->property("kindId").toString(), QStringLiteral("pod-scheduling"));
        QVERIFY(QMetaObject::invokeMethod(runs(), "openFile", Q_ARG(QString, QUrl::fromLocalFile(workload()).toString())));
        QCOMPARE(kind()->property("kindId").toString(), QString::fromLatin1(kRent));
        QTRY_VERIFY_WITH_TIMEOUT(runs()->property("inputsReady").toBool() || !runs()->property("error").toString().isEmpty(),
                                 60000);
        waitIdle();
        QVERIFY2(runs()->property("error").toString().isEmpty(), qPrintable(runs()->property("error").toString()));
        const QString summary = runs()->property("inputsSummary").toString();
        QVERIFY2(summary.startsWith("160 jobs of 6 applications"), qPrintable(summary));
        QVERIFY2(summary.contains(" h; profiles: " + QDir::cleanPath(pollux() + "/traces") + " (found beside the job file)"),
                 qPrintable(summary));
        const QString note = runs()->property("openNote").toString();
        QVERIFY2(note.contains("Training placement"), qPrintable(note));  // the other kind reading it
        window_->setProperty("panelIndex", 0);
        QTRY_COMPARE(find("input-profiles")->property("text").toString(), QDir::cleanPath(pollux() + "/traces"));
        QCOMPARE(find("input-jobs")->property("text").toString(), QFileInfo(workload()).absoluteFilePath());
        QTRY_VERIFY(find("inputsSummary")->property("visible").toBool());
        QCOMPARE(find("inputsSummary")->property("text").toString(), summary);
        session_->shoot(QStringLiteral("inputs"));
    }

    // The Run panel names policies as the Fork dialog does (the kind's labels) and takes any
    // fixed width the CLI takes.
    void theRunPanelNamesPoliciesAndTakesAnyFixedWidth()
    {
        window_->setProperty("panelIndex", 1);
        QObject* box = find("policyBox");
        QObject* panel = find("runPanel");
        QVERIFY(box && panel);
        QStringList labels;
        int fixed = -1;
        const QVariantList entries = kind()->property("policyEntries").toList();
        for (int i = 0; i < entries.size(); ++i) {
            labels << entries[i].toMap().value("label").toString();
            if (entries[i].toMap().value("spec").toString() == "fixed:4")
                fixed = i;
        }
        QCOMPARE(box->property("model").toStringList(), labels);
        QVERIFY(labels.contains("BOA") && fixed >= 0);
        box->setProperty("currentIndex", fixed);
        QMetaObject::invokeMethod(box, "activated", Q_ARG(int, fixed));
        QCOMPARE(panel->property("policySpec").toString(), QStringLiteral("fixed:4"));
        QObject* width = find("policyArgument");
        QVERIFY(width);
        QTRY_VERIFY(width->property("visible").toBool());
        QCOMPARE(width->property("to").toInt(), 4096);
        QCOMPARE(box->property("displayText").toString(), QStringLiteral("Fixed width"));
        width->setProperty("value", 12);
        QMetaObject::invokeMethod(width, "valueModified");
        QCOMPARE(panel->property("policySpec").toString(), QStringLiteral("fixed:12"));
        QVERIFY(panel->property("specProblem").toString().isEmpty());
        session_->shoot(QStringLiteral("run-panel-fixed"));
        box->setProperty("currentIndex", 0);
        QCOMPARE(panel->property("policySpec").toString(), QStringLiteral("boa"));
        QVERIFY(!width->property("visible").toBool());
    }

    // The Fork dialog of a BOA run: BOA and its budget by default and no error; a bad budget's
    // error does not move the fields; the range with separators; the budget explained.
    void theForkDialogStartsFromTheForkedRun()
    {
        TESSERA_REQUIRE_SHARED("traces/pollux-osdi21/simulator/workloads/workload-1.csv");
        QSignalSpy finished(runs(), SIGNAL(runFinished(tessera::views::RunHandle*)));
        bool ok = false;
        const QVariantMap values{{QStringLiteral("budget"), 24}};
        QMetaObject::invokeMethod(runs(), "startRequest", Q_RETURN_ARG(bool, ok), Q_ARG(QString, QStringLiteral("boa")),
                                  Q_ARG(QVariantMap, values));
        QVERIFY2(ok, qPrintable(runs()->property("error").toString()));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 300000);
        boa_ = currentRun();
        QVERIFY(boa_ && boa_->kind() == kRent);
        find("timeline")->setProperty("position", boa_->steps() / 3);

        QObject* dialog = find("forkDialog");
        QMetaObject::invokeMethod(dialog, "open");
        QTRY_VERIFY(dialog->property("opened").toBool());
        QObject* spec = find("forkSpec");
        QCOMPARE(spec->property("text").toString(), QStringLiteral("boa"));
        QCOMPARE(spec->property("displayText").toString(), QStringLiteral("BOA"));
        QVERIFY2(dialog->property("problem").toString().isEmpty(), qPrintable(dialog->property("problem").toString()));
        QCOMPARE(find("forkProblem")->property("text").toString(), QString());
        QObject* budget = find("forkParameter-budget");
        QVERIFY2(budget->property("placeholderText").toString().startsWith("24"),
                 qPrintable(budget->property("placeholderText").toString()));
        const QString range = find("forkRange-budget")->property("text").toString();
        QVERIFY2(range.endsWith("–1,000,000") && !range.contains("e+"), qPrintable(range));
        const QString note = find("forkNote-budget")->property("text").toString();
        QVERIFY2(note.contains("whole run") && note.contains("GPUs on average"), qPrintable(note));
        // At the time the dialog's first line names for the cursor.
        QVERIFY2(note.contains("up to " + boa_->xText(boa_->steps() / 3) + " it rented"), qPrintable(note));
        QVERIFY(find("forkNote-budget")->property("visible").toBool());
        session_->shoot(QStringLiteral("fork-dialog"));

        auto* content = qobject_cast<QQuickItem*>(dialog->property("contentItem").value<QObject*>());
        QVERIFY(content);
        const qreal before = content->implicitHeight();
        budget->setProperty("text", QStringLiteral("abc"));
        QMetaObject::invokeMethod(budget, "textEdited");
        QTRY_VERIFY(!find("forkProblem")->property("text").toString().isEmpty());
        QVERIFY(!dialog->property("problem").toString().isEmpty());
        session_->shoot(QStringLiteral("fork-dialog-error"));
        QCOMPARE(content->implicitHeight(), before);
        budget->setProperty("text", QStringLiteral("12"));
        QMetaObject::invokeMethod(budget, "textEdited");
        QTRY_VERIFY(dialog->property("problem").toString().isEmpty());
        QCOMPARE(content->implicitHeight(), before);

        // Any fixed width the CLI takes, by the family's number box.
        spec->setProperty("text", QStringLiteral("fixed:4"));
        QObject* width = find("forkPolicyArgument");
        QVERIFY(width);
        QTRY_VERIFY(width->property("visible").toBool());
        QCOMPARE(spec->property("displayText").toString(), QStringLiteral("Fixed width"));
        QCOMPARE(width->property("value").toInt(), 4);
        width->setProperty("value", 12);
        QMetaObject::invokeMethod(width, "valueModified");
        QCOMPARE(spec->property("text").toString(), QStringLiteral("fixed:12"));
        QCOMPARE(spec->property("displayText").toString(), QStringLiteral("Fixed width"));
        QTRY_VERIFY2(dialog->property("problem").toString().isEmpty(), qPrintable(dialog->property("problem").toString()));
        session_->shoot(QStringLiteral("fork-dialog-fixed"));
        QMetaObject::invokeMethod(dialog, "reject");
        QTRY_VERIFY(!dialog->property("visible").toBool());
    }

    // The JCT tab's check box draws its own tick (not Fusion's bitmap that read as "√").
    void theLogAxisBoxDrawsATick()
    {
        const int tab = int(session_->tabTexts().indexOf(QStringLiteral("JCT CDF")));
        QVERIFY2(tab >= 0, qPrintable(session_->tabTexts().join(", ")));
        window_->setProperty("viewIndex", tab);
        QObject* box = find("jctLogAxis");
        QVERIFY(box);
        QTRY_VERIFY(box->property("visible").toBool());
        session_->shoot(QStringLiteral("jct"));
        auto* indicator = qobject_cast<QQuickItem*>(box->property("indicator").value<QObject*>());
        QVERIFY(indicator);
        QCOMPARE(indicator->objectName(), QStringLiteral("tickBoxIndicator"));
        QObject* tick = indicator->findChild<QObject*>("tick");
        QVERIFY(tick);
        QCOMPARE(tick->property("visible").toBool(), box->property("checked").toBool());
    }

    // A restart comes back to the renting kind with the workload open.
    void aRestartReopensTheKindAndItsInputs()
    {
        boa_.clear();
        session_.reset();
        start();
        QCOMPARE(kind()->property("kindId").toString(), QString::fromLatin1(kRent));
        QTRY_VERIFY_WITH_TIMEOUT(runs()->property("inputsReady").toBool() || !runs()->property("error").toString().isEmpty(),
                                 60000);
        waitIdle();
        QVERIFY2(runs()->property("error").toString().isEmpty(), qPrintable(runs()->property("error").toString()));
        QCOMPARE(runs()->property("inputPaths").toMap().value("jobs").toString(), QFileInfo(workload()).absoluteFilePath());
        QVERIFY(runs()->property("inputsSummary").toString().startsWith("160 jobs"));
        QVERIFY(currentRun() == nullptr);  // no pod trace run behind the user's back
        // walk14b N1: the Run panel starts from the last run's budget (24), not the default 16,
        // and the empty state asks for a run on the open inputs rather than for a file.
        QCOMPARE(find("runPanel")->property("values").toMap().value("budget").toString(), QStringLiteral("24"));
        const QString says = find("noRunHintText")->property("text").toString();
        QVERIFY2(says.contains("the open inputs (Ctrl+R)") && !says.contains("Open the"), qPrintable(says));
        session_->shoot(QStringLiteral("restart"));
    }

    // The Open… dialog (Ctrl+O, the Trace panel's "File or folder…") hands its file to
    // RunManager.openFile whatever the kind: a Pollux workload picked while pods are the kind.
    void theOpenDialogOpensAnyKindsFile()
    {
        TESSERA_REQUIRE_SHARED("traces/pollux-osdi21/simulator/workloads/workload-1.csv");
        kind()->setProperty("kindId", QStringLiteral("pod-scheduling"));
        QObject* dialog = find("openAnyDialog");
        QVERIFY(dialog);
        QVERIFY2(!dialog->property("title").toString().contains("Node list or pod list"),
                 qPrintable(dialog->property("title").toString()));
        dialog->setProperty("selectedFile", QUrl::fromLocalFile(workload()));
        QVERIFY(QMetaObject::invokeMethod(dialog, "accepted"));
        QCOMPARE(kind()->property("kindId").toString(), QString::fromLatin1(kRent));
        waitIdle();
        QVERIFY2(runs()->property("error").toString().isEmpty(), qPrintable(runs()->property("error").toString()));
        QCOMPARE(runs()->property("inputPaths").toMap().value("jobs").toString(), QFileInfo(workload()).absoluteFilePath());
    }

    void noQmlWarnings() { QVERIFY2(SessionWindow::warnings().isEmpty(), qPrintable(SessionWindow::warnings().join('\n'))); }
};

int main(int argc, char** argv)
{
    return tessera::test::runInFreshHome<OpenByKindTest>(argc, argv, QStringLiteral("tessera-openkind"),
                                                           QStringLiteral("tessera-openkind"));
}
#include "tst_openbykind.moc"
