// The pipeline's QML panels load with their controllers set and no QML warning (Debian's QML
// modules do not depend on each other, so a missing one fails only at run time), the timeline
// keys move the cursor, the weighted editor builds a spec, and each panel is rendered to a PNG
// in the build folder for review. A custom main creates the QApplication first.
#include "PipelineTestSupport.h"
#include "runs/RunManager.h"
#include "study/StudyLibrary.h"
#include "timeline/TimelineController.h"
#include "trace/TraceSession.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QQmlComponent>
#include <QQmlEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QtQml/qqmlextensionplugin.h>

Q_IMPORT_QML_PLUGIN(Tessera_ViewsPlugin)
Q_IMPORT_QML_PLUGIN(TesseraPlugin)

using namespace tessera;
using namespace tessera::views;

namespace {
constexpr int kWaitMs = 120000;

// Distinct colours in a sample of the image: a blank or one-colour render has one or two.
int distinctColours(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            colours.insert(image.pixel(x, y));
    return int(colours.size());
}
}  // namespace

class TestPipelinePanels : public QObject {
    Q_OBJECT

    QTemporaryDir home_;
    std::unique_ptr<QQmlEngine> engine_;
    QList<QQmlError> warnings_;
    TraceSession* session_ = nullptr;
    RunManager* runs_ = nullptr;
    StudyLibrary* study_ = nullptr;
    TimelineController* timeline_ = nullptr;

    // The panel in a window of its own, or null with the component's errors reported.
    std::unique_ptr<QQuickWindow> show(const QString& file, const QVariantMap& properties, QSize size,
                                       QQuickItem** item)
    {
        auto window = std::make_unique<QQuickWindow>();
        window->resize(size);
        QQmlComponent component(engine_.get(), QUrl("qrc:/Tessera/" + file));
        QObject* object = component.createWithInitialProperties(properties);
        if (!object) {
            qWarning().noquote() << component.errorString();
            return nullptr;
        }
        *item = qobject_cast<QQuickItem*>(object);
        if (!*item)
            return nullptr;
        (*item)->setParent(window.get());
        (*item)->setParentItem(window->contentItem());
        (*item)->setSize(size);
        window->show();
        return window;
    }

    QImage render(QQuickWindow& window, const QString& name)
    {
        QTest::qWait(50);
        const QImage image = window.grabWindow();
        const QString folder = QCoreApplication::applicationDirPath() + "/screenshots";
        QDir().mkpath(folder);
        image.save(folder + "/" + name + ".png");
        return image;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(home_.isValid());
        test::isolateUserFiles(home_.path());
        engine_ = std::make_unique<QQmlEngine>();
        engine_->addImportPath("qrc:/");
        engine_->setOutputWarningsToStandardError(true);
        connect(engine_.get(), &QQmlEngine::warnings, this, [this](const QList<QQmlError>& w) { warnings_ += w; });

        session_ = new TraceSession(this);
        study_ = new StudyLibrary(this);
        QVERIFY(study_->create(home_.filePath("panels.sqlite")));
        runs_ = new RunManager(this);
        runs_->setTraceSession(session_);
        runs_->setStudy(study_);
        timeline_ = new TimelineController(this);

        QSignalSpy loaded(session_, &TraceSession::traceLoaded);
        session_->loadDefault();
        QVERIFY(loaded.wait(kWaitMs));
        QSignalSpy finished(runs_, &RunManager::runFinished);
        QVERIFY(runs_->start("fgd", "experiment", 42, 0.3, "seeded"));
        QVERIFY(finished.wait(kWaitMs));
        QVERIFY(runs_->start("pwr:100,fgd:900", "experiment", 42, 0.3, "seeded"));
        QVERIFY(finished.wait(kWaitMs));
        QTRY_COMPARE_WITH_TIMEOUT(runs_->pendingSaves(), 0, kWaitMs);
        timeline_->setRun(runs_->runAt(0));
        timeline_->setPosition(timeline_->steps() / 2);
    }

    void init() { warnings_.clear(); }

    QVariantMap controllers(const QStringList& names) const
    {
        const QVariantMap all{{"session", QVariant::fromValue(session_)},
                              {"runs", QVariant::fromValue(runs_)},
                              {"study", QVariant::fromValue(study_)},
                              {"timeline", QVariant::fromValue(timeline_)}};
        QVariantMap chosen;
        for (const QString& name : names)
            chosen.insert(name, all.value(name));
        return chosen;
    }

    void everyPanelLoadsAndRenders_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("properties");
        QTest::addColumn<QSize>("size");
        QTest::newRow("open") << "OpenPanel.qml" << QStringList{"session"} << QSize(520, 640);
        QTest::newRow("run") << "RunPanel.qml" << QStringList{"runs"} << QSize(420, 720);
        QTest::newRow("timeline") << "TimelineBar.qml" << QStringList{"timeline"} << QSize(1280, 64);
        QTest::newRow("library") << "RunLibrary.qml" << QStringList{"study", "runs"} << QSize(760, 360);
    }
    void everyPanelLoadsAndRenders()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, properties);
        QFETCH(QSize, size);
        QQuickItem* item = nullptr;
        auto window = show(file, controllers(properties), size, &item);
        QVERIFY(window);
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        const QImage image = render(*window, QFileInfo(file).baseName());
        QVERIFY(!image.isNull());
        QVERIFY2(distinctColours(image) > 20, qPrintable(QString::number(distinctColours(image))));
        for (const QQmlError& w : warnings_)
            qWarning().noquote() << w.toString();
        QVERIFY(warnings_.isEmpty());
    }

    void aPanelWithoutItsControllerIsRefused()
    {
        // `required` is enforced: the lead's Main.qml cannot forget a controller silently.
        QQmlComponent component(engine_.get(), QUrl("qrc:/Tessera/RunPanel.qml"));
        std::unique_ptr<QObject> object(component.create());
        QVERIFY(!object);
        QVERIFY(component.errorString().contains("runs"));
    }

    void theShortcutsDialogListsEveryShortcut()
    {
        QQmlComponent component(engine_.get(), QUrl("qrc:/Tessera/ShortcutsDialog.qml"));
        std::unique_ptr<QObject> dialog(component.create());
        QVERIFY2(dialog, qPrintable(component.errorString()));
        const QVariantList shortcuts = dialog->property("shortcuts").toList();
        QStringList keys;
        for (const QVariant& s : shortcuts)
            keys.append(s.toMap().value("keys").toString());
        for (const char* k : {"Space", "← / →", "Shift+← / Shift+→", "Home", "End", "?", "Ctrl+O", "Ctrl+R", "Ctrl+E",
                              "Ctrl+F"})
            QVERIFY2(keys.contains(k), k);
        QVERIFY(warnings_.isEmpty());
    }

    void theOpenPanelShowsALoadError()
    {
        QTemporaryDir dir;
        QFile nodes(dir.filePath("nodes.csv"));
        QVERIFY(nodes.open(QIODevice::WriteOnly));
        nodes.write("sn,cpu_milli,memory_mib,gpu,model\nn1,32000,262144,9x,T4\n");
        nodes.close();
        QFile pods(dir.filePath("pods.csv"));
        QVERIFY(pods.open(QIODevice::WriteOnly));
        pods.write("name,cpu_milli,memory_mib,num_gpu,gpu_milli\np1,1000,1024,1,500\n");
        pods.close();
        QSignalSpy failed(session_, &TraceSession::loadFailed);
        session_->loadAny(dir.path());
        QVERIFY(failed.wait(kWaitMs));
        QQuickItem* item = nullptr;
        auto window = show("OpenPanel.qml", controllers({"session"}), QSize(520, 640), &item);
        QVERIFY(window);
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        // The error text is on screen in the panel's ErrorBox.
        bool shown = false;
        for (QObject* child : item->findChildren<QObject*>())
            if (child->property("text").toString() == session_->error() && child->property("visible").toBool())
                shown = true;
        QVERIFY(shown);
        render(*window, "OpenPanel-error");
        QVERIFY(warnings_.isEmpty());
    }

    void theWeightedEditorBuildsASpec()
    {
        QQuickItem* item = nullptr;
        auto window = show("RunPanel.qml", controllers({"runs"}), QSize(420, 720), &item);
        QVERIFY(window);
        QCOMPARE(item->property("policySpec").toString(), QString("fgd"));
        auto* policyBox = item->findChild<QObject*>("policyBox");
        QVERIFY(policyBox);
        policyBox->setProperty("currentIndex", policyBox->property("count").toInt() - 1);
        QCOMPARE(item->property("weighted").toBool(), true);
        QCOMPARE(item->property("policySpec").toString(), QString("pwr:100,fgd:900"));
        QVERIFY(item->property("specProblem").toString().isEmpty());
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        render(*window, "RunPanel-weighted");
        QVERIFY(warnings_.isEmpty());
    }

    void timelineKeysMoveTheCursor()
    {
        QQuickItem* item = nullptr;
        auto window = show("TimelineBar.qml", controllers({"timeline"}), QSize(1280, 64), &item);
        QVERIFY(window);
        window->requestActivate();
        QVERIFY(QTest::qWaitForWindowActive(window.get()));
        timeline_->home();
        QTest::keyClick(window.get(), Qt::Key_Right);
        QCOMPARE(timeline_->position(), 1);
        QTest::keyClick(window.get(), Qt::Key_Right, Qt::ShiftModifier);
        QCOMPARE(timeline_->position(), 101);
        QTest::keyClick(window.get(), Qt::Key_Left);
        QCOMPARE(timeline_->position(), 100);
        QTest::keyClick(window.get(), Qt::Key_End);
        QCOMPARE(timeline_->position(), timeline_->steps());
        QTest::keyClick(window.get(), Qt::Key_Home);
        QCOMPARE(timeline_->position(), 0);
        QTest::keyClick(window.get(), Qt::Key_Space);
        QVERIFY(timeline_->playing());
        QTest::keyClick(window.get(), Qt::Key_Space);
        QVERIFY(!timeline_->playing());
        // The slider follows the cursor.
        timeline_->setPosition(timeline_->steps() / 2);
        QObject* slider = item->findChild<QObject*>("timelineSlider");
        QVERIFY(slider);
        QCOMPARE(slider->property("value").toDouble(), timeline_->x());
        QCOMPARE(slider->property("from").toDouble(), timeline_->xStart());
        QCOMPARE(slider->property("to").toDouble(), timeline_->xEnd());
    }

    // The jump box reads the axes' units and says, just above it, what it cannot read.
    void jumpBoxShowsWhatItCannotRead()
    {
        QQuickItem* item = nullptr;
        auto window = show("TimelineBar.qml", controllers({"timeline"}), QSize(1280, 64), &item);
        QVERIFY(window);
        window->requestActivate();
        QVERIFY(QTest::qWaitForWindowActive(window.get()));
        auto* field = item->findChild<QQuickItem*>("jumpField");
        auto* error = item->findChild<QQuickItem*>("jumpError");
        QVERIFY(field && error);
        QVERIFY(!error->isVisible());
        // The bar is as tall as its row: the message beside the box is not in the row, and a
        // Pane with two children has no content size of its own (the bar fell out of the window).
        QVERIFY2(item->implicitHeight() >= field->height(), qPrintable(QString::number(item->implicitHeight())));
        timeline_->setPosition(7);
        field->forceActiveFocus();
        const QString unit = timeline_->xUnit();
        // A run on the arrived-% axis has no days; a replay's has no arrived %.
        const auto type = [&](const QString& text) {  // keyClicks takes widgets only
            for (const QChar c : text)
                QTest::keyClick(window.get(), c.toLatin1());
        };
        type(unit == "s" ? "soon" : "130d");
        const QPointF fieldAt = field->mapToScene({0, 0});
        QTest::keyClick(window.get(), Qt::Key_Return);
        QCOMPARE(timeline_->position(), 7);
        QVERIFY(error->isVisible());
        // Walk item 13: showing the complaint moved the box ~330 px, so the next click missed it.
        QCOMPARE(field->mapToScene({0, 0}), fieldAt);
        // ... and the message covers none of the bar's own controls or its position text.
        const QQuickItem* box = error->parentItem();
        QVERIFY(box->mapToScene({0, box->height()}).y() <= item->mapToScene({0, 0}).y());
        QVERIFY(box->mapToScene({box->width(), 0}).x() <= field->mapToScene({field->width(), 0}).x() + 0.5);
        QVERIFY(!error->property("text").toString().isEmpty());
        QCOMPARE(field->property("text").toString(), unit == "s" ? QString("soon") : QString("130d"));  // kept to mend
        render(*window, "TimelineBar-jump-error");
        // Editing clears the complaint; a readable point jumps and empties the box.
        field->setProperty("text", QString());
        type(unit == "s" ? "1d" : "20");
        QVERIFY(!error->isVisible());
        QTest::keyClick(window.get(), Qt::Key_Return);
        QVERIFY2(timeline_->position() != 7, qPrintable(timeline_->jumpError()));
        QCOMPARE(field->property("text").toString(), QString());
    }
};

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    TestPipelinePanels test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_pipelinepanels.moc"
