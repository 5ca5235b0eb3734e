// Every QML view file of the visual views loads without errors or warnings, follows a run, an
// other run (a fork) and the cursor, and draws something: each view's screenshot is saved under
// the build folder (screenshots/) and checked for not being blank.
#include "DefaultTraceRun.h"
#include "GrabStats.h"

#include <QApplication>
#include <QQmlComponent>
#include <QQmlEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <QSGRendererInterface>
#include <QScopeGuard>
#include <QPalette>
#include <QGuiApplication>
#include <QTest>
#include <QtQml/qqmlextensionplugin.h>

#include <memory>

Q_IMPORT_QML_PLUGIN(Tessera_ViewsPlugin)
Q_IMPORT_QML_PLUGIN(TesseraPlugin)

using namespace tessera;

namespace {
QStringList g_warnings;

void collectWarnings(QtMsgType type, const QMessageLogContext&, const QString& message)
{
    if (type != QtDebugMsg && type != QtInfoMsg && message.contains("qrc:/"))
        g_warnings.append(message);
}
}  // namespace

class TestViewFiles : public QObject {
    Q_OBJECT

    QObject owner_;
    views::RunHandle* run_ = nullptr;
    views::RunHandle* fork_ = nullptr;

private slots:
    void initTestCase()
    {
        run_ = test::defaultRunHandle(&owner_, "fgd", 1.0);
        const int forkAt = run_->steps() / 3;
        fork_ = new views::RunHandle(std::shared_ptr<const Run>(run_->run().fork(size_t(forkAt), "pwr:100,fgd:900")),
                                     &owner_, run_, forkAt);
        fork_->setColor(QColor(0xd5, 0x5e, 0x00));
        qInstallMessageHandler(collectWarnings);
    }

    void viewLoadsAndDraws_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("withFork");
        QTest::addColumn<int>("minColors");
        QTest::addColumn<bool>("dark");
        for (const char* file : {"OccupancyView", "FragmentationView", "PowerView", "AllocationView", "DecisionInspector"}) {
            QTest::newRow(file) << QString(file) << false << 12 << false;
            QTest::newRow(qPrintable(QString(file) + "+fork")) << QString(file) << true << 12 << false;
            QTest::newRow(qPrintable(QString(file) + "+dark")) << QString(file) << true << 12 << true;
        }
    }

    void viewLoadsAndDraws()
    {
        QFETCH(QString, file);
        QFETCH(bool, withFork);
        QFETCH(int, minColors);
        QFETCH(bool, dark);
        g_warnings.clear();
        // ThemePalette follows the application palette: a dark one must keep the views readable.
        const QPalette light = QGuiApplication::palette();
        QPalette palette = light;
        if (dark) {
            palette.setColor(QPalette::Window, QColor(0x20, 0x22, 0x25));
            palette.setColor(QPalette::WindowText, QColor(0xe6, 0xe6, 0xe6));
            palette.setColor(QPalette::Mid, QColor(0x70, 0x70, 0x70));
            palette.setColor(QPalette::Highlight, QColor(0x3d, 0xae, 0xe9));
        }
        QGuiApplication::setPalette(palette);
        const auto restore = qScopeGuard([&] { QGuiApplication::setPalette(light); });
        QQmlEngine engine;
        engine.addImportPath("qrc:/");
        QQmlComponent component(&engine, QUrl("qrc:/Tessera/" + file + ".qml"));
        QVERIFY2(component.isReady(), qPrintable(component.errorString()));
        std::unique_ptr<QObject> object(component.createWithInitialProperties(
            {{"run", QVariant::fromValue(run_)},
             {"otherRun", QVariant::fromValue(withFork ? fork_ : nullptr)},
             {"position", run_->steps() * 2 / 3}}));
        QVERIFY2(object, qPrintable(component.errorString()));
        auto* item = qobject_cast<QQuickItem*>(object.get());
        QVERIFY(item);

        QQuickWindow window;
        window.resize(1280, 760);
        window.setColor(palette.color(QPalette::Window));
        const QColor background = window.color();
        item->setParentItem(window.contentItem());
        item->setSize(window.size());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // The same views must draw on the OpenGL scene graph (ctest runs this test twice).
        const QByteArray expectedApi = qgetenv("TESSERA_EXPECT_GRAPHICS_API");
        if (!expectedApi.isEmpty()) {
            const auto api = window.rendererInterface()->graphicsApi();
            QCOMPARE(QByteArray(api == QSGRendererInterface::OpenGL ? "opengl"
                                : api == QSGRendererInterface::Software ? "software" : "other"),
                     expectedApi);
        }
        QTest::qWait(file == "FragmentationView" || file == "DecisionInspector" ? 1500 : 300);  // background work
        const QImage shot = window.grabWindow();
        QVERIFY(!shot.isNull());
        shot.save(test::screenshotPath(file + (dark ? "-dark" : withFork ? "-fork" : "")));
        const test::GrabStats stats = test::grabStats(shot, background.rgb());
        QVERIFY2(stats.distinctColors >= minColors, qPrintable(QString::number(stats.distinctColors)));
        QVERIFY2(stats.foregroundShare > 0.05, qPrintable(QString::number(stats.foregroundShare)));

        // Following the cursor must not warn either.
        item->setProperty("position", 0);
        item->setProperty("position", run_->steps());
        QTest::qWait(100);
        QVERIFY2(g_warnings.isEmpty(), qPrintable(g_warnings.join('\n')));
    }
};

int main(int argc, char** argv)
{
    QApplication app(argc, argv);  // ChartView draws through Graphics View
    TestViewFiles test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_viewfiles.moc"
