// The main window's view tabs: whichever tab is current, its view alone is drawn (issue 13: with
// saved settings holding the inspector's or the metrics' tab, a change of kind made the kind's
// views anew and left another view painted over the Rounds tab). The window starts scripted, so
// nothing runs; the views then follow the kind chosen for new runs.
#include "support/FreshHomeMain.h"
#include "support/SessionWindow.h"

#include <QQuickItem>
#include <QSettings>
#include <QTest>

#include <QtQml/qqmlextensionplugin.h>

#include <memory>

Q_IMPORT_QML_PLUGIN(TesseraPlugin)
Q_IMPORT_QML_PLUGIN(Tessera_ViewsPlugin)

using tessera::test::SessionWindow;

class ViewTabsTest : public QObject {
    Q_OBJECT

    std::unique_ptr<SessionWindow> session_;

    QQuickWindow* window() const { return session_->window(); }
    QObject* kind() const { return session_->find(QStringLiteral("runManager"))->property("kind").value<QObject*>(); }

    // The views under the tabs that are drawn: visible and not transparent.
    QStringList drawnViews() const
    {
        QQuickItem* stack = session_->item(QStringLiteral("viewStack"));
        if (!stack)
            return {QStringLiteral("no viewStack")};
        QStringList drawn;
        for (QQuickItem* view : stack->childItems())
            if (!view->inherits("QQuickRepeater") && view->isVisible() && view->opacity() > 0)
                drawn << (view->objectName().isEmpty() ? QString::fromLatin1(view->metaObject()->className())
                                                       : view->objectName());
        return drawn;
    }

    // Every tab in turn shows exactly one view, and each tab another one.
    void verifyOneViewPerTab()
    {
        const QStringList tabs = session_->tabTexts();
        QVERIFY(tabs.size() >= 4);
        QStringList shown;
        for (int i = 0; i < tabs.size(); ++i) {
            window()->setProperty("viewIndex", i);
            QCOMPARE(window()->property("viewIndex").toInt(), i);
            const QStringList drawn = drawnViews();
            QVERIFY2(drawn.size() == 1, qPrintable(QStringLiteral("tab %1 (%2): %3").arg(i).arg(tabs[i], drawn.join(", "))));
            QVERIFY2(!shown.contains(drawn.first()), qPrintable(drawn.first()));
            shown << drawn.first();
        }
    }

private slots:
    void initTestCase()
    {
        // The settings of a user who left the window on the fifth tab (the inspector of a kind
        // with three views of its own).
        QSettings settings;
        settings.setValue(QStringLiteral("window/view"), 4);
        settings.sync();
        session_ = std::make_unique<SessionWindow>(QStringLiteral("viewtabs"), QVariantMap{{"scripted", true}});
        QVERIFY(window());
        QVERIFY(QTest::qWaitForWindowExposed(window()));
        QCOMPARE(window()->property("viewIndex").toInt(), 4);
    }

    // After each change of kind, from the saved tab: the Rounds tab (second) shows the rounds
    // alone, and so does every other tab.
    void aChangeOfKindLeavesOneViewPerTab_data()
    {
        QTest::addColumn<QString>("kindId");
        QTest::addColumn<QString>("secondView");
        QTest::newRow("training") << QStringLiteral("training-placement") << QStringLiteral("roundsView");
        QTest::newRow("mig") << QStringLiteral("mig-inference") << QStringLiteral("fleetView");
        QTest::newRow("pods") << QStringLiteral("pod-scheduling") << QStringLiteral("fragmentationView");
        QTest::newRow("training again") << QStringLiteral("training-placement") << QStringLiteral("roundsView");
    }
    void aChangeOfKindLeavesOneViewPerTab()
    {
        QFETCH(QString, kindId);
        QFETCH(QString, secondView);
        window()->setProperty("viewIndex", session_->tabTexts().size() - 2);  // the inspector
        kind()->setProperty("kindId", kindId);
        QTRY_VERIFY(session_->item(secondView) != nullptr);
        window()->setProperty("viewIndex", 1);
        QTRY_COMPARE(drawnViews(), QStringList{secondView + QStringLiteral("Loader")});
        verifyOneViewPerTab();
    }

    void noQmlWarnings()
    {
        QVERIFY2(SessionWindow::warnings().isEmpty(), qPrintable(SessionWindow::warnings().join('\n')));
    }

    void cleanupTestCase() { session_.reset(); }
};

int main(int argc, char** argv)
{
    return tessera::test::runInFreshHome<ViewTabsTest>(argc, argv, QStringLiteral("tessera-view-tabs"),
                                                       QStringLiteral("TesseraViewTabs"));
}

#include "tst_viewtabs.moc"
