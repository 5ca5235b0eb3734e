// The occupancy layers reach the items: OccupancyItem draws the chosen cell layer (shares on the
// gradient, categories in their colours), SliceItem draws a span kind's GPUs as compute slots
// over memory slots coloured by the chosen categorical layer with stranded slots hatched, hover
// texts come from the kind, GanttItem draws interval bars at their x; a kind without layers
// (the pod kind) gets no slice view and no Gantt chart; units inside a group are set apart.
#include "GrabStats.h"
#include "ItemWindow.h"
#include "items/CategoryColors.h"
#include "items/GanttItem.h"
#include "chart/OccupancyGeometry.h"
#include "items/OccupancyItem.h"
#include "items/SliceItem.h"
#include "support/FakeSliceRun.h"
#include "support/TestRuns.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QQuickWindow>
#include <QSet>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace tessera;
using test::FakeSliceRun;
using views::categoryColor;

namespace {
const QColor kBackground = test::kItemBackground;
const QColor kEmpty(0xdd, 0xdd, 0xdd);
const QColor kStranded(0xc0, 0x10, 0x10);
auto makeWindow = test::makeItemWindow;
using test::showAndSettle;

// The distinct colours inside `rect` of `image`.
QSet<QRgb> colorsIn(const QImage& image, const QRect& rect)
{
    QSet<QRgb> colors;
    for (int y = rect.top(); y <= rect.bottom(); ++y)
        for (int x = rect.left(); x <= rect.right(); ++x)
            colors.insert(image.pixel(x, y) | 0xff000000u);
    return colors;
}

QRgb rgb(const QColor& c) { return c.rgb() | 0xff000000u; }
}  // namespace

class TestLayers : public QObject {
    Q_OBJECT

    QObject owner_;
    views::RunHandle* fake_ = nullptr;
    views::RunHandle* pod_ = nullptr;

private slots:
    void initTestCase()
    {
        fake_ = new views::RunHandle(std::make_shared<FakeSliceRun>(), &owner_);
        pod_ = new views::RunHandle(std::shared_ptr<const Run>(test::simulateRun(test::syntheticTrace(20, 200, 3), "fgd")),
                                    &owner_);
    }

    void unitsInsideAGroupAreSetApart()
    {
        OccupancyLayout layout;
        layout.categories = {"node"};
        layout.groups = {{"n0", 0, 0, 8, 0, {}}, {"n1", 0, 8, 8, 0, {}}};
        layout.cellCount = 16;
        const int cell = 6, pitch = cell + 1;
        const chart::OccupancyGeometry plain(layout, 400, cell, 18);
        for (int c = 1; c < 8; ++c)  // no units: one pitch between every two cells of a group
            QCOMPARE(plain.cells()[size_t(c)].left() - plain.cells()[size_t(c - 1)].left(), pitch);
        layout.groups[0].unitCells = layout.groups[1].unitCells = 4;
        const chart::OccupancyGeometry units(layout, 400, cell, 18);
        auto step = [&](int c) { return units.cells()[size_t(c)].left() - units.cells()[size_t(c - 1)].left(); };
        QCOMPARE(step(3), pitch);
        QVERIFY(step(4) > pitch);  // the second unit of group 0 starts after a wider gap
        QCOMPARE(step(5), pitch);
        QVERIFY(step(8) > step(4));  // and a group gap stays wider than a unit gap
        QCOMPARE(units.groupOfCell(12), 1);
        QCOMPARE(units.cellAt(units.cells()[12].center()), 12);
    }

    void occupancyItemDrawsTheChosenLayer()
    {
        auto window = makeWindow({700, 300});
        auto* item = new views::OccupancyItem(window->contentItem());
        item->setWidth(680);
        item->setCellSize(12);
        item->setEmptyColor(kEmpty);
        item->setRun(fake_);
        item->setPosition(1);
        item->setHeight(item->implicitHeight());
        const QVariantList layers = item->layers();
        QCOMPARE(layers.size(), 3);
        QCOMPARE(layers[1].toMap()["name"].toString(), QString("Profile"));
        QVERIFY(layers[1].toMap()["categorical"].toBool());
        QCOMPARE(layers[2].toMap()["categories"].toList().size(), 3);
        QVERIFY(!item->layerCategorical());
        QVERIFY(item->hasSpans() && item->hasIntervals());
        QVERIFY(showAndSettle(*window));

        const chart::OccupancyGeometry g(fake_->run().layout(), int(item->width()), item->cellSize(), item->labelHeight());
        auto pixel = [&](int cell) { return window->grabWindow().pixel(g.cells()[size_t(cell)].center()) | 0xff000000u; };
        QCOMPARE(pixel(0), rgb(item->colorAt(1.0)));  // share layer: gpu-0 slice 0 in use
        QCOMPARE(pixel(3), rgb(kEmpty));              // gpu-0 slice 3: stranded, nothing on it

        QSignalSpy layerSpy(item, &views::OccupancyItem::layerChanged);
        item->setLayerIndex(FakeSliceRun::kProfileLayer);
        QCOMPARE(layerSpy.count(), 1);
        QVERIFY(item->layerCategorical());
        QTRY_COMPARE(pixel(0), rgb(categoryColor(FakeSliceRun::P3g)));
        QCOMPARE(pixel(3), rgb(kEmpty));
        QCOMPARE(pixel(7), rgb(categoryColor(FakeSliceRun::P1g)));
        QCOMPARE(pixel(14), rgb(categoryColor(FakeSliceRun::P7g)));
        QCOMPARE(item->usedCellCount(), 6 + 7 + 7);

        item->setLayerIndex(FakeSliceRun::kModelLayer);
        QTRY_COMPARE(pixel(4), rgb(categoryColor(FakeSliceRun::Resnet)));
        QCOMPARE(pixel(0), rgb(categoryColor(FakeSliceRun::Bert)));
        // The layer follows the cursor: at position 3 gpu-0 runs 4g@0, slice 3 is bert's.
        item->setPosition(3);
        QTRY_COMPARE(pixel(3), rgb(categoryColor(FakeSliceRun::Bert)));
        item->setLayerIndex(99);  // out of range: the last layer
        QCOMPARE(item->layerIndex(), 2);

        // Another run starts on its layer 0; the pod kind has only that one.
        item->setRun(pod_);
        QCOMPARE(item->layerIndex(), 0);
        QCOMPARE(item->layers().size(), 1);
        QVERIFY(!item->hasSpans() && !item->hasIntervals());
    }

    void sliceItemDrawsSpansByCategoryWithStrandedSlotsHatched()
    {
        auto window = makeWindow({700, 400});
        auto* item = new views::SliceItem(window->contentItem());
        item->setWidth(680);
        item->setSlotSize(12);  // below the size that writes labels into spans: pixel checks see fills
        item->setEmptyColor(kEmpty);
        item->setStrandedColor(kStranded);
        item->setRun(fake_);
        item->setPosition(1);
        item->setHeight(item->implicitHeight());
        QVERIFY(item->available());
        QCOMPARE(item->groupCount(), 3);
        QCOMPARE(item->colorLayers().size(), 2);  // the categorical layers: profile, model
        QCOMPARE(item->layoutLayer(), int(FakeSliceRun::kProfileLayer));
        QCOMPARE(item->strandedSlots(), 1);
        QCOMPARE(item->rows().size(), 2);
        QVERIFY(showAndSettle(*window));

        const views::SliceGeometry& g = item->geometry();
        QCOMPARE(g.slotSize(), 12);
        auto center = [&](int gpu, int row, int slot) { return g.slotRect(gpu, row, slot).center(); };
        auto pixel = [&](int gpu, int row, int slot) { return window->grabWindow().pixel(center(gpu, row, slot)) | 0xff000000u; };
        const QRgb p3g = rgb(categoryColor(FakeSliceRun::P3g));
        // 3g@0: compute 0-2, memory 0-3; 3g@4: compute 4-6, memory 4-7; compute slot 3 stranded.
        for (int s : {0, 1, 2, 4, 5, 6})
            QCOMPARE(pixel(0, 0, s), p3g);
        for (int s = 0; s < 8; ++s)
            QCOMPARE(pixel(0, 1, s), p3g);
        const QImage shot = window->grabWindow();
        shot.save(test::screenshotPath("slice-item"));
        const QSet<QRgb> stranded = colorsIn(shot, g.slotRect(0, 0, 3));
        QVERIFY(stranded.contains(rgb(kStranded)));
        QVERIFY(stranded.contains(rgb(kEmpty)));
        QCOMPARE(stranded.size(), 2);  // hatched: stripes of the two, nothing else
        // 1g x7 on gpu-1: every compute slot; memory slot 7 stays free.
        for (int s = 0; s < 7; ++s)
            QCOMPARE(pixel(1, 0, s), rgb(categoryColor(FakeSliceRun::P1g)));
        QCOMPARE(pixel(1, 1, 7), rgb(kEmpty));
        QCOMPARE(pixel(2, 0, 6), rgb(categoryColor(FakeSliceRun::P7g)));

        // Switch to the model served.
        QSignalSpy layerSpy(item, &views::SliceItem::colorLayerChanged);
        item->setColorLayer(1);
        QCOMPARE(layerSpy.count(), 1);
        QCOMPARE(item->layoutLayer(), int(FakeSliceRun::kModelLayer));
        QTRY_COMPARE(pixel(0, 0, 4), rgb(categoryColor(FakeSliceRun::Resnet)));
        QCOMPARE(pixel(0, 0, 0), rgb(categoryColor(FakeSliceRun::Bert)));
        QCOMPARE(pixel(2, 1, 0), rgb(categoryColor(FakeSliceRun::Densenet)));

        // Position 2: gpu-2 drains, hatched in its own colour; position 3: 4g@0 takes slot 3.
        item->setPosition(2);
        QTRY_VERIFY(colorsIn(window->grabWindow(), g.slotRect(2, 0, 2)).contains(rgb(kEmpty)));
        const QSet<QRgb> draining = colorsIn(window->grabWindow(), g.slotRect(2, 0, 2));
        QVERIFY(draining.contains(rgb(categoryColor(FakeSliceRun::Densenet))));
        item->setPosition(3);
        QCOMPARE(item->strandedSlots(), 0);
        QTRY_COMPARE(pixel(0, 0, 3), rgb(categoryColor(FakeSliceRun::Bert)));
        QCOMPARE(pixel(2, 0, 5), rgb(categoryColor(FakeSliceRun::Bert)));  // 2g@4 serves bert

        // Hover: the span's cell text from the kind, following the cursor.
        item->setPosition(1);
        QTest::mouseMove(window.get(), center(0, 0, 1));
        QTRY_COMPARE(item->hoveredGroup(), 0);
        QVERIFY2(item->hoverText().contains("3g.40gb@0 serving bert"), qPrintable(item->hoverText()));
        QCOMPARE(item->hoveredRect(), QRectF(g.spanRect(0, 0, 0, 3)));
        QTest::mouseMove(window.get(), center(0, 0, 3));
        QTRY_VERIFY2(item->hoverText().startsWith("stranded"), qPrintable(item->hoverText()));
        QVERIFY(item->hoverText().contains("gpu-0 (A100-80GB)"));  // then the GPU's own text
        QTest::mouseMove(window.get(), center(2, 1, 1));
        QTRY_VERIFY2(item->hoverText().contains("7g.80gb@0 serving densenet"), qPrintable(item->hoverText()));
        item->setPosition(3);
        QVERIFY2(item->hoverText().contains("4g.40gb@0 serving densenet"), qPrintable(item->hoverText()));
        QCOMPARE(item->hoveredRect(), QRectF(g.spanRect(2, 1, 0, 4)));
        QCOMPARE(item->describeAt(-5, -5), QString());

        // Click selects a GPU and lists it.
        QTest::mouseClick(window.get(), Qt::LeftButton, {}, center(1, 1, 2));
        QCOMPARE(item->selectedGroup(), 1);
        QVERIFY(item->selectedGroupText().startsWith("gpu-1"));
        QCOMPARE(item->selectedGroupText().count('\n'), 7);
    }

    void sliceItemFitsAThousandGpus()
    {
        auto run = std::make_shared<FakeSliceRun>(1000);
        auto* handle = new views::RunHandle(run, &owner_);
        views::SliceItem item;
        item.setWidth(1200);
        item.setFitHeight(700);
        item.setMinSlotSize(3);
        item.setRun(handle);
        QVERIFY(item.implicitHeight() <= 700);
        QVERIFY(item.slotSize() >= 3);
        // Every GPU has a tile of its own, in reading order.
        const auto& tiles = item.geometry().tiles();
        QCOMPARE(tiles.size(), size_t(1000));
        for (size_t k = 1; k < tiles.size(); ++k)
            QVERIFY(tiles[k].top() > tiles[k - 1].bottom() || (tiles[k].top() == tiles[k - 1].top() && tiles[k].left() > tiles[k - 1].right()));
        QSignalSpy spans(&item, &views::SliceItem::spansChanged);
        QElapsedTimer timer;
        timer.start();
        item.setPosition(1);
        // Reported, not asserted (no timed tests): reading 1,000 GPUs' spans and painting them.
        qInfo("1,000 GPUs: position change read and painted in %lld ms", (long long)timer.elapsed());
        QCOMPARE(spans.count(), 1);
        QCOMPARE(item.strandedSlots(), 334);  // every third GPU from 0 runs 3g@0 + 3g@4
        item.setPosition(1);                  // the same position reads nothing again
        QCOMPARE(spans.count(), 1);
    }

    void ganttDrawsBarsAtTheirX()
    {
        auto window = makeWindow({700, 300});
        auto* item = new views::GanttItem(window->contentItem());
        item->setWidth(680);
        item->setRun(fake_);
        item->setPosition(3);
        item->setHeight(item->implicitHeight());
        QVERIFY(item->available());
        QCOMPARE(item->intervalCount(), 4);
        QCOMPARE(item->categories().size(), 5);
        QVERIFY(showAndSettle(*window));
        window->grabWindow().save(test::screenshotPath("gantt-item"));

        // x 25 is where densenet moves from 7g to 4g: the bar's colour changes there.
        const QRectF lane2 = item->intervalRect(2);
        const int boundary = int(std::lround(item->pixelOfX(25)));
        QCOMPARE(qRound(item->intervalRect(3).left()), boundary);
        QVERIFY(item->pixelOfX(10) < item->pixelOfX(25) && item->pixelOfX(25) < item->pixelOfX(30));
        const int y = int(lane2.top()) + 2;
        auto pixel = [&](int x) { return window->grabWindow().pixel(x, y) | 0xff000000u; };
        QCOMPARE(pixel(boundary - 3), rgb(categoryColor(FakeSliceRun::P7g)));
        QCOMPARE(pixel(boundary + 3), rgb(categoryColor(FakeSliceRun::P4g)));
        QCOMPARE(pixel(int(item->pixelOfX(10)) - 3), rgb(kBackground));  // nothing before x 10
        QCOMPARE(window->grabWindow().pixel(int(item->intervalRect(0).right()) - 2, int(item->intervalRect(0).top()) + 2) | 0xff000000u,
                 rgb(categoryColor(FakeSliceRun::P3g)));

        // Before the cursor reaches x 25 the 4g bar is yet to come: drawn faint.
        item->setPosition(1);
        QTRY_VERIFY(pixel(boundary + 3) != rgb(categoryColor(FakeSliceRun::P4g)));
        QVERIFY(pixel(boundary + 3) != rgb(kBackground));

        QTest::mouseMove(window.get(), QPoint(boundary + 6, y + 2));
        QTRY_COMPARE(item->hoveredInterval(), 3);
        QVERIFY2(item->hoverText().contains("densenet on 4g.40gb"), qPrintable(item->hoverText()));
        QVERIFY2(item->hoverText().contains("25 s to 30 s"), qPrintable(item->hoverText()));
    }

    void podKindGetsNoSliceViewAndNoGantt()
    {
        views::SliceItem slices;
        slices.setWidth(600);
        slices.setRun(pod_);
        slices.setPosition(5);
        QVERIFY(!slices.available());
        QCOMPARE(slices.implicitHeight(), 0.0);
        QCOMPARE(slices.colorLayers().size(), 0);
        QCOMPARE(slices.describeAt(10, 10), QString());
        views::GanttItem gantt;
        gantt.setWidth(600);
        gantt.setRun(pod_);
        QVERIFY(!gantt.available());
        QCOMPARE(gantt.implicitHeight(), 0.0);
        QCOMPARE(gantt.intervalAt(10, 10), -1);
    }
};

QTEST_MAIN(TestLayers)
#include "tst_layers.moc"
