// OccupancyView.qml with a run whose kind draws spans and intervals (FakeSliceRun) offers
// Slices, Cells and Gantt and opens on the slices with their legend and colour-layer switch; the
// cells pane offers the layer switch with a category legend; the pod kind shows its grid alone,
// as before. Screenshots of the slice view at 1280x800 and 2560x1440 (screenshots/).
#include "GrabStats.h"
#include "items/GanttItem.h"
#include "items/OccupancyItem.h"
#include "items/SliceItem.h"
#include "support/FakeSliceRun.h"
#include "support/TestRuns.h"

#include <QApplication>
#include <QGuiApplication>
#include <QPalette>
#include <QScopeGuard>
#include <QQmlComponent>
#include <QQmlEngine>
#include <QQuickItem>
#include <QQuickWindow>
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

bool shownOnScreen(QQuickItem* item)
{
    for (; item; item = item->parentItem())
        if (!item->isVisible())
            return false;
    return true;
}
}  // namespace

class TestSliceView : public QObject {
    Q_OBJECT

    QObject owner_;
    views::RunHandle* fake_ = nullptr;
    views::RunHandle* fleet_ = nullptr;
    views::RunHandle* pod_ = nullptr;

    struct Shown {
        std::unique_ptr<QQmlEngine> engine;
        std::unique_ptr<QQuickWindow> window;
        std::unique_ptr<QObject> view;
        QQuickItem* item = nullptr;
    };
    Shown show(views::RunHandle* run, QSize size, int position)
    {
        Shown s;
        s.engine = std::make_unique<QQmlEngine>();
        s.engine->addImportPath("qrc:/");
        QQmlComponent component(s.engine.get(), QUrl("qrc:/Tessera/OccupancyView.qml"));
        s.view.reset(component.createWithInitialProperties({{"run", QVariant::fromValue(run)}, {"position", position}}));
        if (!s.view) {
            qWarning() << component.errorString();
            return s;
        }
        s.item = qobject_cast<QQuickItem*>(s.view.get());
        s.window = std::make_unique<QQuickWindow>();
        s.window->resize(size);
        s.window->setColor(QColor(0xfa, 0xfa, 0xfa));
        s.item->setParentItem(s.window->contentItem());
        s.item->setSize(size);
        s.window->show();
        QTest::qWaitForWindowExposed(s.window.get());
        QTest::qWait(100);
        return s;
    }

private slots:
    void initTestCase()
    {
        fake_ = new views::RunHandle(std::make_shared<test::FakeSliceRun>(), &owner_);
        fleet_ = new views::RunHandle(std::make_shared<test::FakeSliceRun>(1000), &owner_);
        pod_ = new views::RunHandle(std::shared_ptr<const Run>(test::simulateRun(test::syntheticTrace(20, 200, 3), "fgd")),
                                    &owner_);
        qInstallMessageHandler(collectWarnings);
    }

    void spanKindOpensOnSlicesWithLegendsAndSwitches()
    {
        g_warnings.clear();
        Shown s = show(fake_, {1280, 800}, 1);
        QVERIFY(s.item);
        QCOMPARE(s.view->property("modes").toStringList(), QStringList({"slices", "cells", "gantt"}));
        QCOMPARE(s.view->property("mode").toString(), QString("slices"));
        auto* modeBar = s.view->findChild<QQuickItem*>("occupancyModeBar");
        QVERIFY(modeBar && modeBar->isVisible());
        auto* slices = s.view->findChild<views::SliceItem*>("sliceItem");
        QVERIFY(slices && shownOnScreen(slices));
        QCOMPARE(slices->position(), 1);
        QCOMPARE(slices->strandedSlots(), 1);
        // The legend names the profiles in their colours, then the model served once switched.
        auto* legend = s.view->findChild<QObject*>("sliceLegend");
        QVERIFY(legend);
        QCOMPARE(legend->property("categories").toList().size(), 5);
        QCOMPARE(legend->property("title").toString(), QString("Profile"));
        auto* layerBox = s.view->findChild<QQuickItem*>("sliceLayerBox");
        QVERIFY(layerBox && layerBox->isVisible());
        QCOMPARE(layerBox->property("count").toInt(), 2);
        s.window->grabWindow().save(test::screenshotPath("slice-view-1280x800"));
        slices->setColorLayer(1);
        QCOMPARE(legend->property("categories").toList().size(), 3);
        QCOMPARE(legend->property("title").toString(), QString("Model served"));
        QCOMPARE(layerBox->property("currentIndex").toInt(), 1);
        auto swatches = [&] {
            QStringList names;
            for (QQuickItem* swatch : qobject_cast<QQuickItem*>(legend)->childItems())
                if (swatch->objectName() == "categorySwatch")
                    names << swatch->property("text").toString();
            names.sort();
            return names;
        };
        QTRY_COMPARE(swatches(), QStringList({"bert", "densenet", "resnet50"}));
        s.window->grabWindow().save(test::screenshotPath("slice-view-1280x800-model"));
        // A node named elsewhere (the decision inspector) is selected in the slices too.
        QVERIFY(QMetaObject::invokeMethod(s.view.get(), "selectNode", Q_ARG(QVariant, QVariant(QString("gpu-2")))));
        QCOMPARE(slices->selectedGroup(), 2);
        QVERIFY(slices->selectedGroupText().startsWith("gpu-2"));
        // The view follows the cursor.
        s.view->setProperty("position", 3);
        QCOMPARE(slices->position(), 3);
        QCOMPARE(slices->strandedSlots(), 0);

        // Cells: the layer switch and a category legend for a categorical layer.
        s.view->setProperty("modeIndex", 1);
        QCOMPARE(s.view->property("mode").toString(), QString("cells"));
        QTRY_VERIFY(!shownOnScreen(slices));
        auto* grid = s.view->findChild<views::OccupancyItem*>("occupancyGrid");
        QVERIFY(grid && shownOnScreen(grid));
        auto* cellLayerBox = s.view->findChild<QQuickItem*>("occupancyLayerBox");
        QVERIFY(cellLayerBox && cellLayerBox->isVisible());
        auto* categoryLegend = s.view->findChild<QQuickItem*>("occupancyCategoryLegend");
        auto* shareLegend = s.view->findChild<QQuickItem*>("occupancyShareLegend");
        QVERIFY(categoryLegend && shareLegend);
        QVERIFY(!categoryLegend->isVisible() && shareLegend->isVisible());
        grid->setLayerIndex(test::FakeSliceRun::kProfileLayer);
        QVERIFY(categoryLegend->isVisible() && !shareLegend->isVisible());
        QCOMPARE(categoryLegend->property("categories").toList().size(), 5);
        s.window->grabWindow().save(test::screenshotPath("cells-profile-1280x800"));

        // Gantt.
        s.view->setProperty("modeIndex", 2);
        auto* gantt = s.view->findChild<views::GanttItem*>("ganttItem");
        QVERIFY(gantt);
        QTRY_VERIFY(shownOnScreen(gantt));
        QCOMPARE(gantt->position(), 3);
        QCOMPARE(gantt->intervalCount(), 4);
        s.window->grabWindow().save(test::screenshotPath("gantt-view-1280x800"));
        QVERIFY2(g_warnings.isEmpty(), qPrintable(g_warnings.join('\n')));

        // A click on a tab switches the mode; another run starts again on its first mode, and
        // the bar shows it.
        s.view->setProperty("modeIndex", 0);
        QTRY_VERIFY(shownOnScreen(slices));
        const QPointF cellsTab = modeBar->mapToScene(QPointF(modeBar->width() / 2, modeBar->height() / 2));
        QTest::mouseClick(s.window.get(), Qt::LeftButton, {}, cellsTab.toPoint());
        QTRY_COMPARE(s.view->property("mode").toString(), QString("cells"));
        QCOMPARE(modeBar->property("currentIndex").toInt(), 1);
        s.view->setProperty("run", QVariant::fromValue(pod_));
        QCOMPARE(s.view->property("mode").toString(), QString("cells"));
        s.view->setProperty("run", QVariant::fromValue(fake_));
        QCOMPARE(s.view->property("mode").toString(), QString("slices"));
        QCOMPARE(modeBar->property("currentIndex").toInt(), 0);
    }

    void largeScreenAndLargeFleet()
    {
        g_warnings.clear();
        {
            Shown s = show(fake_, {2560, 1440}, 1);
            QVERIFY(s.item);
            auto* slices = s.view->findChild<views::SliceItem*>("sliceItem");
            QCOMPARE(slices->slotSize(), slices->maxSlotSize());  // three GPUs grow to the largest slots
            QVERIFY(slices->maxSlotSize() >= 32);
            s.window->grabWindow().save(test::screenshotPath("slice-view-2560x1440"));
        }
        {
            Shown s = show(fleet_, {2560, 1440}, 1);
            QVERIFY(s.item);
            auto* slices = s.view->findChild<views::SliceItem*>("sliceItem");
            QCOMPARE(slices->groupCount(), 1000);
            s.window->grabWindow().save(test::screenshotPath("slice-view-1000-2560x1440"));
        }
        {
            Shown s = show(fleet_, {1280, 800}, 1);
            QVERIFY(s.item);
            s.window->grabWindow().save(test::screenshotPath("slice-view-1000-1280x800"));
        }
        QVERIFY2(g_warnings.isEmpty(), qPrintable(g_warnings.join('\n')));
    }

    void darkPaletteKeepsSlicesReadable()
    {
        const QPalette light = QGuiApplication::palette();
        QPalette dark = light;
        dark.setColor(QPalette::Window, QColor(0x20, 0x22, 0x25));
        dark.setColor(QPalette::WindowText, QColor(0xe6, 0xe6, 0xe6));
        dark.setColor(QPalette::Mid, QColor(0x70, 0x70, 0x70));
        QGuiApplication::setPalette(dark);
        const auto restore = qScopeGuard([&] { QGuiApplication::setPalette(light); });
        Shown s = show(fake_, {1280, 800}, 1);
        QVERIFY(s.item);
        s.window->setColor(dark.color(QPalette::Window));
        QTest::qWait(50);
        auto* slices = s.view->findChild<views::SliceItem*>("sliceItem");
        const QImage shot = s.window->grabWindow();
        shot.save(test::screenshotPath("slice-view-dark-1280x800"));
        // A free memory slot (gpu-1, slot 7) stands apart from the dark background, and is
        // darker than a light theme's would be (the theme's translucent white, premultiplied).
        const QPoint free = slices->mapToScene(slices->geometry().slotRect(1, 1, 7).center()).toPoint();
        const QColor freeColor = shot.pixelColor(free);
        QVERIFY(freeColor != dark.color(QPalette::Window));
        QVERIFY2(freeColor.lightness() < 110, qPrintable(freeColor.name()));
    }

    void podKindShowsItsGridAlone()
    {
        g_warnings.clear();
        Shown s = show(pod_, {1280, 800}, 50);
        QVERIFY(s.item);
        QCOMPARE(s.view->property("modes").toStringList(), QStringList({"cells"}));
        QVERIFY(!s.view->findChild<QQuickItem*>("occupancyModeBar")->isVisible());
        QVERIFY(!s.view->findChild<QQuickItem*>("occupancyLayerBox")->isVisible());
        QVERIFY(s.view->findChild<QQuickItem*>("occupancyShareLegend")->isVisible());
        QVERIFY(!shownOnScreen(s.view->findChild<QQuickItem*>("sliceItem")));
        QVERIFY(!shownOnScreen(s.view->findChild<QQuickItem*>("ganttItem")));
        QVERIFY(shownOnScreen(s.view->findChild<QQuickItem*>("occupancyGrid")));
        QVERIFY2(g_warnings.isEmpty(), qPrintable(g_warnings.join('\n')));
    }
};

QTEST_MAIN(TestSliceView)
#include "tst_sliceview.moc"
