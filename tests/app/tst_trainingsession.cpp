// The training-placement kind in the real main window (issue 13, as far as the shared views go):
// the Run panel's kind menu offers it, its Inputs panel opens a Sia-Philly job file and PAL's
// variability folder, PAL runs, the occupancy grid follows the cursor with the kind's layers,
// the inspector explains a round, and the session raises no QML warning. Screens are shot at
// 1280x800 and 2560x1440 into <build>/screenshots/training-*.png for review.
#include "run/RunHandle.h"
#include "support/FreshHomeMain.h"
#include "support/SessionWindow.h"
#include "support/SharedData.h"

#include <QApplication>
#include <QImage>
#include <QPointer>
#include <QSignalSpy>
#include <QTest>

#include <QtQml/qqmlextensionplugin.h>

Q_IMPORT_QML_PLUGIN(TesseraPlugin)
Q_IMPORT_QML_PLUGIN(Tessera_ViewsPlugin)

using tessera::test::SessionWindow;
using tessera::views::RunHandle;

class TrainingSessionTest : public QObject {
    Q_OBJECT

    std::unique_ptr<SessionWindow> session_;
    QQuickWindow* window_ = nullptr;
    QPointer<RunHandle> pal_;

    QObject* find(const char* name) { return session_->find(QString::fromLatin1(name)); }
    QObject* runs() { return find("runManager"); }
    RunHandle* currentRun() { return window_->property("currentRun").value<RunHandle*>(); }
    void click(QQuickItem* item) { session_->click(item); }
    QImage shoot(const QString& name) { return session_->shoot(name); }

private slots:
    void initTestCase()
    {
        session_ = std::make_unique<SessionWindow>(QStringLiteral("training"));
        window_ = session_->window();
        QVERIFY(window_);
        QVERIFY(QTest::qWaitForWindowExposed(window_));
        // The first start runs the bundled pod trace; let it finish before choosing a kind.
        QTRY_VERIFY_WITH_TIMEOUT(currentRun() != nullptr, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(!runs()->property("busy").toBool(), 60000);
        if (QObject* gotIt = find("dismissHintButton"); gotIt && gotIt->property("visible").toBool())
            click(qobject_cast<QQuickItem*>(gotIt));
    }

    void theKindMenuOffersTrainingPlacement()
    {
        window_->setProperty("panelIndex", 1);
        auto* kindBox = qobject_cast<QQuickItem*>(find("kindBox"));
        QVERIFY(kindBox);
        QTRY_VERIFY(kindBox->isVisible());
        int index = -1;
        QMetaObject::invokeMethod(kindBox, "indexOfValue", Q_RETURN_ARG(int, index),
                                  Q_ARG(QVariant, QStringLiteral("training-placement")));
        QVERIFY(index >= 0);
        kindBox->setProperty("currentIndex", index);
        QMetaObject::invokeMethod(kindBox, "activated", Q_ARG(int, index));
        QCOMPARE(runs()->property("kind").value<QObject*>()->property("kindId").toString(),
                 QStringLiteral("training-placement"));
        QVERIFY(kindBox->property("displayText").toString().contains(QStringLiteral("Training placement")));
        shoot("kind");
    }

    void opensAJobFileAndTheVariabilityFolder()
    {
        TESSERA_REQUIRE_SHARED("traces/pal-sia-philly/philly/workload-1.csv");
        window_->setProperty("panelIndex", 0);
        const QString data = tessera::test::sharedDir() + "/traces/pal-sia-philly";
        for (const auto& [role, path] : {std::pair{"input-jobs", data + "/philly/workload-1.csv"},
                                         std::pair{"input-variability", data + "/variability"}}) {
            QObject* field = find(role);
            QVERIFY2(field, role);
            field->setProperty("text", path);
            QMetaObject::invokeMethod(field, "editingFinished");
        }
        auto* open = qobject_cast<QQuickItem*>(find("openInputsButton"));
        QVERIFY(open);
        click(open);
        QTRY_VERIFY_WITH_TIMEOUT(runs()->property("inputsReady").toBool()
                                     || !runs()->property("error").toString().isEmpty(),
                                 60000);
        QVERIFY2(runs()->property("error").toString().isEmpty(), qPrintable(runs()->property("error").toString()));
        QTRY_VERIFY_WITH_TIMEOUT(!runs()->property("busy").toBool(), 60000);
        QVERIFY(window_->property("canRun").toBool());
        shoot("inputs-open");
    }

    void runsPalAndScrubs()
    {
        TESSERA_REQUIRE_SHARED("traces/pal-sia-philly/philly/workload-1.csv");
        window_->setProperty("panelIndex", 1);
        auto* run = qobject_cast<QQuickItem*>(find("runButton"));
        QVERIFY(run);
        QTRY_VERIFY(run->isEnabled());
        QSignalSpy finished(runs(), SIGNAL(runFinished(tessera::views::RunHandle*)));
        click(run);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
        pal_ = currentRun();
        QVERIFY(pal_);
        QCOMPARE(pal_->kind(), QStringLiteral("training-placement"));
        QCOMPARE(pal_->policy(), QStringLiteral("pal"));
        QVERIFY(pal_->steps() > 100);
        QObject* timeline = find("timeline");
        QVERIFY(timeline);
        // Busy GPUs at a busy round and none at the end, on the occupancy grid the cursor moves.
        window_->setProperty("viewIndex", 0);
        int busiest = 1;
        for (int p = 1; p <= pal_->steps(); ++p)
            if (pal_->value(QStringLiteral("utilisation_pct"), p) > pal_->value(QStringLiteral("utilisation_pct"), busiest))
                busiest = p;
        timeline->setProperty("position", busiest);
        QTest::qWait(300);
        const QImage busy = shoot("grid-busiest");
        timeline->setProperty("position", pal_->steps());
        QTest::qWait(300);
        const QImage idle = shoot("grid-end");
        QVERIFY(busy != idle);
        // The Gantt: a lane per GPU, a bar per placement span.
        QObject* occupancy = find("occupancyView");
        QVERIFY(occupancy);
        QCOMPARE(occupancy->property("modes").toStringList(), (QStringList{"cells", "gantt"}));
        occupancy->setProperty("modeIndex", 1);
        timeline->setProperty("position", busiest);
        auto* gantt = session_->item(QStringLiteral("ganttItem"));
        QVERIFY(gantt);
        QTRY_VERIFY(gantt->isVisible());
        const QImage bars = shoot("gantt");
        QVERIFY(bars != busy);
        occupancy->setProperty("modeIndex", 0);
    }

    void theInspectorExplainsARound()
    {
        QVERIFY(pal_);
        find("timeline")->setProperty("position", pal_->steps() / 3);
        QObject* decisions = find("decisionModel");
        QVERIFY(decisions);
        for (int view = 0; view < 8; ++view) {
            window_->setProperty("viewIndex", view);
            QTest::qWait(200);
            if (qobject_cast<QQuickItem*>(find("decisionTable")) && qobject_cast<QQuickItem*>(find("decisionTable"))->isVisible())
                break;
        }
        QTRY_VERIFY_WITH_TIMEOUT(!decisions->property("busy").toBool(), 30000);
        QString first;
        QMetaObject::invokeMethod(decisions, "columnTitle", Q_RETURN_ARG(QString, first), Q_ARG(int, 0));
        QVERIFY2(first.contains(QStringLiteral("candidate GPU set")), qPrintable(first));
        shoot("inspector");
    }

    void noQmlWarnings()
    {
        QVERIFY2(SessionWindow::warnings().isEmpty(), qPrintable(SessionWindow::warnings().join('\n')));
    }

    void cleanupTestCase() { session_.reset(); }
};

int main(int argc, char** argv)
{
    return tessera::test::runInFreshHome<TrainingSessionTest>(argc, argv, QStringLiteral("tessera-training-session"),
                                                              QStringLiteral("TesseraTrainingSession"));
}
#include "tst_trainingsession.moc"
