// OccupancyItem, its geometry, and HeatmapItem: laid out without overlaps, drawn as a texture
// under the software scene graph (not blank), hover and click name the right node, the heatmap
// shows the core's sampled values, and the grid stays fast at 12,000+ GPUs.
#include "DefaultTraceRun.h"
#include "GrabStats.h"
#include "ItemWindow.h"
#include "chart/NiceTicks.h"
#include "chart/FragmentationHeatmap.h"
#include "items/HeatmapItem.h"
#include "chart/OccupancyGeometry.h"
#include "items/OccupancyItem.h"
#include "run/GroupValueMatrix.h"
#include "support/TestRuns.h"

#include <QApplication>
#include <QQuickWindow>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace tessera;
using views::HeatmapItem;
using chart::OccupancyGeometry;
using views::OccupancyItem;

namespace {
const QColor kBackground = test::kItemBackground;
auto makeWindow = test::makeItemWindow;
using test::showAndSettle;
}  // namespace

class TestItems : public QObject {
    Q_OBJECT

    QObject owner_;
    views::RunHandle* run_ = nullptr;

private slots:
    void initTestCase() { run_ = test::defaultRunHandle(&owner_); }

    void geometryPlacesEveryCellOnceWithinTheWidth()
    {
        const OccupancyLayout& layout = run_->run().layout();
        const int width = 500, cellSize = 6;
        const OccupancyGeometry g(layout, width, cellSize, 18);
        QCOMPARE(g.cells().size(), size_t(layout.cellCount));
        for (size_t c = 0; c < g.cells().size(); ++c) {
            const QRect r = g.cells()[c];
            QVERIFY(r.left() >= 0 && r.right() < width && r.top() >= 0 && r.bottom() < g.height());
            QCOMPARE(r.size(), QSize(cellSize, cellSize));
            if (c > 0) {  // reading order, so no two cells overlap
                const QRect p = g.cells()[c - 1];
                QVERIFY(r.top() > p.bottom() || (r.top() == p.top() && r.left() > p.right()));
            }
            QCOMPARE(g.cellAt(r.center()), int(c));
        }
        // A node narrower than a row never wraps: its cells share one row.
        for (size_t gi = 0; gi < layout.groups.size(); ++gi)
            if (layout.groups[gi].cellCount > 0)
                QCOMPARE(g.groupRects(int(gi)).size(), size_t(1));
        // One band per GPU model that has GPUs, in layout order, each titled by its model.
        QVERIFY(g.bands().size() >= 3);
        int cells = 0;
        for (const auto& band : g.bands()) {
            QVERIFY(std::find(layout.categories.begin(), layout.categories.end(), band.label.toStdString())
                    != layout.categories.end());
            QVERIFY(band.labelRect.bottom() < band.cellsRect.top());
            cells += band.cellCount;
        }
        QCOMPARE(cells, int(layout.cellCount));
        QCOMPARE(g.cellAt(QPoint(2, 2)), -1);  // the first band's label strip
        QCOMPARE(g.groupOfCell(int(layout.groups[7].firstCell)), 7);
    }

    void occupancyDrawsHoversAndSelects()
    {
        auto window = makeWindow({900, 700});
        auto* item = new OccupancyItem(window->contentItem());
        item->setWidth(880);
        item->setCellSize(7);
        item->setRun(run_);
        QCOMPARE(item->cellCount(), int(run_->run().layout().cellCount));
        QCOMPARE(item->usedCellCount(), 0);  // position 0: nothing placed yet
        QSignalSpy cellsSpy(item, &OccupancyItem::cellsChanged);
        item->setPosition(run_->steps());
        QCOMPARE(cellsSpy.count(), 1);
        QVERIFY(item->usedCellCount() > item->cellCount() / 5);
        QVERIFY(item->implicitHeight() > 50 && item->implicitHeight() < 700);
        item->setHeight(item->implicitHeight());
        QVERIFY(showAndSettle(*window));

        const QImage shot = window->grabWindow();
        shot.save(test::screenshotPath("occupancy-item"));
        const test::GrabStats stats = test::grabStats(shot, kBackground.rgb());
        QVERIFY2(stats.distinctColors >= 4, qPrintable(QString::number(stats.distinctColors)));
        QVERIFY2(stats.foregroundShare > 0.15, qPrintable(QString::number(stats.foregroundShare)));
        // Used cells and free cells differ in colour where they are drawn.
        const OccupancyLayout& layout = run_->run().layout();
        std::vector<float> use;
        auto cursor = run_->run().cursor();
        cursor->seek(run_->steps());
        cursor->cellUse(use);
        const auto full = std::find(use.begin(), use.end(), 1.0f) - use.begin();
        const auto empty = std::find(use.begin(), use.end(), 0.0f) - use.begin();
        QVERIFY(size_t(full) < use.size() && size_t(empty) < use.size());
        const OccupancyGeometry g(layout, int(item->width()), item->cellSize(), item->labelHeight());
        auto pixelOfCell = [&](qsizetype cell) { return shot.pixel(g.cells()[size_t(cell)].center()); };
        QVERIFY(pixelOfCell(full) != pixelOfCell(empty));
        QVERIFY(pixelOfCell(full) != kBackground.rgb() && pixelOfCell(empty) != kBackground.rgb());

        // Hover a known cell: the text names its node, and its pods are the cursor's.
        const int group = item->groupOfCell(int(full));
        const QString node = QString::fromStdString(layout.groups[size_t(group)].name);
        const QPoint center = g.cells()[size_t(full)].center();
        QTest::mouseMove(window.get(), center);
        QTRY_COMPARE(item->hoveredCell(), int(full));
        QVERIFY2(item->hoverText().contains(node), qPrintable(item->hoverText()));
        QVERIFY(item->hoverText().contains(QString::fromStdString(layout.categories[layout.groups[size_t(group)].category])));
        QVERIFY(item->hoverText().count('\n') >= 1);  // a full GPU holds at least one pod
        QCOMPARE(item->hoveredCellRect(), QRectF(g.cells()[size_t(full)]));

        // Click selects the node; its text lists the node and the pods of its GPUs.
        QSignalSpy selectSpy(item, &OccupancyItem::selectedGroupChanged);
        QTest::mouseClick(window.get(), Qt::LeftButton, {}, center);
        QCOMPARE(selectSpy.count(), 1);
        QCOMPARE(item->selectedGroup(), group);
        QVERIFY(item->selectedGroupText().startsWith(node));
        QVERIFY(item->selectedGroupText().contains(item->hoverText().split('\n').value(1)));
        // The node's name and CPU are said once, not on every GPU line; each GPU has its line.
        const QString text = item->selectedGroupText();
        QCOMPARE(text.count(node), 1);
        QCOMPARE(text.count(QStringLiteral("vCPU free")), 1);
        const int gpus = int(layout.groups[size_t(group)].cellCount);
        for (int gpu = 0; gpu < gpus; ++gpu)
            QVERIFY2(text.contains(QStringLiteral("\nGPU %1 · ").arg(gpu)), qPrintable(text));
        // Moving the cursor back to the start empties the node, and the hover text follows.
        const QString pod = item->hoverText().split('\n').value(1);
        item->setPosition(0);
        QVERIFY(!item->selectedGroupText().contains(pod));
        QVERIFY(!item->hoverText().contains(pod));
        QCOMPARE(item->usedCellCount(), 0);
        QTest::mouseClick(window.get(), Qt::LeftButton, {}, QPoint(2, 2));  // a label strip: no node
        QCOMPARE(item->selectedGroup(), -1);
        QVERIFY(item->selectedGroupText().isEmpty());
    }

    void occupancyCellsGrowToFillTheHeight()
    {
        OccupancyItem item;
        item.setRun(run_);
        item.setWidth(2000);  // a 2560 × 1440 window's grid area
        item.setMinCellSize(4);
        item.setMaxCellSize(28);
        QSignalSpy sizeSpy(&item, &OccupancyItem::cellSizeChanged);
        item.setFitHeight(1100);
        const int fitted = item.cellSize();
        QVERIFY2(fitted > 7, qPrintable(QString::number(fitted)));  // larger than the fixed default
        QVERIFY(sizeSpy.count() >= 1);
        // The largest size that fits: it fits, one more does not (unless at the maximum).
        QVERIFY(item.implicitHeight() <= 1100);
        const OccupancyLayout& layout = run_->run().layout();
        if (fitted < 28)
            QVERIFY(OccupancyGeometry(layout, 2000, fitted + 1, item.labelHeight()).height() > 1100);
        // And it fills: more than two thirds of the height is used.
        QVERIFY2(item.implicitHeight() > 1100 * 2 / 3, qPrintable(QString::number(item.implicitHeight())));

        // A small area keeps the minimum size and draws a square per node that fits (issue 16:
        // the level of detail, tst_occupancylod), or, with the overview off, every cell, scrolling;
        // a huge one stops at the maximum.
        item.setWidth(600);
        item.setFitHeight(200);
        QCOMPARE(item.cellSize(), 4);
        QVERIFY(item.overview());
        QVERIFY(item.implicitHeight() <= 200);
        item.setOverviewAllowed(false);
        QVERIFY(item.implicitHeight() > 200);
        item.setOverviewAllowed(true);
        item.setWidth(4000);
        item.setFitHeight(100000);
        QCOMPARE(item.cellSize(), 28);
        // No fitting: the size set.
        item.setFitHeight(0);
        item.setCellSize(9);
        QCOMPARE(item.cellSize(), 9);
    }

    void occupancySelectsANodeByName()
    {
        OccupancyItem item;
        item.setWidth(800);
        item.setRun(run_);
        const OccupancyLayout& layout = run_->run().layout();
        const auto& group = layout.groups[layout.groups.size() / 2];
        QVERIFY(item.selectNode(QString::fromStdString(group.name)));
        QCOMPARE(item.selectedGroup(), int(layout.groups.size() / 2));
        QVERIFY(item.selectedGroupText().startsWith(QString::fromStdString(group.name)));
        const QRectF bounds = item.groupBounds(item.selectedGroup());
        QVERIFY(!bounds.isEmpty());
        QCOMPARE(item.groupOfCell(item.cellAt(bounds.x() + 1, bounds.y() + 1)), item.selectedGroup());
        QVERIFY(!item.selectNode("no-such-node"));
        QCOMPARE(item.selectedGroup(), -1);
    }

    void hoverTextIsThereWhenTheHoverBoxShows()
    {
        // The view shows its tooltip when hoveredCell changes; Qt Quick's shared ToolTip keeps
        // the text it opened with, so the text must be set by then (an empty box followed
        // the mouse on first start). No cell, no hover.
        auto window = makeWindow({400, 300});
        auto* item = new OccupancyItem(window->contentItem());
        item->setWidth(380);
        item->setHeight(280);
        QVERIFY(showAndSettle(*window));
        QTest::mouseMove(window.get(), QPoint(20, 30));  // no run yet: nothing to hover
        QCOMPARE(item->hoveredCell(), -1);
        QVERIFY(item->hoverText().isEmpty());

        item->setRun(run_);
        item->setPosition(run_->steps());
        // QML learns of the text by hoverTextChanged: it must come before hoveredCellChanged.
        QStringList textsAtShow;
        QString textAnnounced;
        connect(item, &OccupancyItem::hoverTextChanged, item, [&] { textAnnounced = item->hoverText(); });
        connect(item, &OccupancyItem::hoveredCellChanged, item, [&] {
            if (item->hoveredCell() >= 0)
                textsAtShow << textAnnounced;
        });
        const OccupancyGeometry g(run_->run().layout(), int(item->width()), item->cellSize(), item->labelHeight());
        for (int c : {0, 1, 5})
            QTest::mouseMove(window.get(), g.cells()[size_t(c)].center());
        QTest::mouseMove(window.get(), QPoint(1, 1));  // a label strip
        QCOMPARE(item->hoveredCell(), -1);
        QTest::mouseMove(window.get(), g.cells()[2].center());
        QCOMPARE(textsAtShow.size(), 4);
        for (const QString& text : textsAtShow)
            QVERIFY2(!text.isEmpty(), "hoveredCellChanged came before the text was announced");
        QCOMPARE(textsAtShow.last(), item->hoverText());
    }

    // Speed is measured by tessera-bench scrub, never here: this checks the 12k grid draws whole.
    void occupancyDrawsTwelveThousandGpus()
    {
        Cluster cluster = test::syntheticCluster(3000, 11);
        QVERIFY(cluster.totalGpus() >= 12'000);
        PodList pods = test::syntheticPods(cluster, 20'000, 3, false);
        auto trace = PodTrace::make(std::move(cluster), std::move(pods));
        views::RunHandle big(std::shared_ptr<const Run>(test::simulateRun(trace, "fgd", 1.0)), &owner_);
        QVERIFY(big.steps() > 5'000);

        auto window = makeWindow({1280, 900});
        auto* item = new OccupancyItem(window->contentItem());
        item->setWidth(1260);
        item->setCellSize(5);
        item->setRun(&big);
        item->setHeight(item->implicitHeight());
        QVERIFY(showAndSettle(*window));
        // Scrubbing: each tick seeks the cursor, reads every cell and repaints the texture.
        const int ticks = 60;
        for (int t = 1; t <= ticks; ++t)
            item->setPosition(big.steps() * t / ticks);
        QVERIFY(item->usedCellCount() > 12'000 / 2);
        const QImage shot = window->grabWindow();
        shot.save(test::screenshotPath("occupancy-item-12k"));
        QVERIFY(test::grabStats(shot, kBackground.rgb()).foregroundShare > 0.15);
    }

    void heatmapShowsTheCoresSampledValues()
    {
        auto window = makeWindow({900, 500});
        auto* item = new HeatmapItem(window->contentItem());
        item->setSize({880, 480});
        item->setColumns(300);
        QSignalSpy matrixSpy(item, &HeatmapItem::matrixChanged);
        item->setRun(run_);
        QTRY_VERIFY_WITH_TIMEOUT(item->ready(), 10'000);
        QVERIFY(!item->busy());

        // Columns evenly spaced in x, as the exported heatmap's and the chart beside it.
        const auto expected = chart::FragmentationHeatmap::sampleOverX(run_->run(), 300, run_->xAt(0),
                                                                       run_->xAt(run_->steps()));
        QCOMPARE(item->sampledColumns(), int(expected.columns()));
        // The scale tops out near the 99.5th percentile, as the exported heatmap's does: at most
        // the largest value rounded up to a nice number, and above at least 99% of the values.
        QVERIFY(item->legendMax() > 0.0);
        QVERIFY(item->legendMax() <= chart::NiceTicks::compute(0, expected.maxValue, 5).max);
        const auto below = std::count_if(expected.values.begin(), expected.values.end(),
                                         [&](float v) { return v <= item->legendMax(); });
        QVERIFY(double(below) >= 0.99 * double(expected.values.size()));
        QCOMPARE(item->legendLabel(), QString("Expected fragmentation (GPU)"));
        for (size_t g = 0; g < expected.groups; ++g)
            for (size_t c = 0; c < expected.columns(); ++c)
                QCOMPARE(item->valueAt(int(g), int(c)), double(expected.at(g, c)));
        // Whatever the core's model of expected fragmentation, values lie in [0, max].
        for (size_t i = 0; i < expected.values.size(); i += 97)
            QVERIFY(expected.values[i] >= 0.0f && expected.values[i] <= expected.maxValue);

        const QVariantList bands = item->bands();
        QCOMPARE(bands.size(), qsizetype(run_->run().layout().categories.size()));
        double covered = 0;
        for (const QVariant& b : bands)
            covered += b.toMap().value("height").toDouble();
        QVERIFY(std::abs(covered - item->height()) < 1e-6);
        const auto pixelOf = [&](int position) {
            item->setCursor(position);
            return item->cursorPixel();
        };
        QCOMPARE(pixelOf(0), 0.0);
        QCOMPARE(pixelOf(run_->steps()), item->width());
        // The cursor sits at the share of the x range, not of the decisions: the same share as
        // on the charts beside the heatmap.
        const double x0 = run_->xAt(0), x1 = run_->xAt(run_->steps());
        for (int p : {run_->steps() / 7, run_->steps() / 2, run_->steps() * 9 / 10})
            QVERIFY2(std::abs(pixelOf(p) - item->width() * (run_->xAt(p) - x0) / (x1 - x0)) < 1e-6,
                     qPrintable(QString::number(p)));
        QVERIFY(item->describeAt(10, 0.1).contains(QString::fromStdString(run_->run().layout().groups[0].name)));

        QVERIFY(showAndSettle(*window));
        const QImage shot = window->grabWindow();
        shot.save(test::screenshotPath("heatmap-item"));
        const test::GrabStats stats = test::grabStats(shot, kBackground.rgb());
        QVERIFY2(stats.distinctColors >= 8, qPrintable(QString::number(stats.distinctColors)));
        QVERIFY(stats.foregroundShare > 0.9);

        // A new range resamples, off the GUI thread.
        matrixSpy.clear();
        item->setTo(run_->steps() / 2);
        QTRY_VERIFY_WITH_TIMEOUT(matrixSpy.count() >= 1 && !item->busy(), 10'000);
        QCOMPARE(pixelOf(run_->steps() / 2), item->width());
        QCOMPARE(pixelOf(0), 0.0);
        QVERIFY(std::isnan(pixelOf(run_->steps())));  // outside the range: not drawn
        QVERIFY(std::isnan(pixelOf(-1)));
    }

    // Walk item 4: the fork's heatmap drew its cursor at t = 0 because QML read the cursor's
    // pixel once, while the item was still 0 wide. The pixel is a property that follows the
    // item's width, its range and its run.
    void heatmapCursorFollowsWidthAndRange()
    {
        auto window = makeWindow({900, 500});
        auto* item = new HeatmapItem(window->contentItem());
        item->setSize({0, 300});
        item->setCursor(run_->steps() / 2);
        QSignalSpy moved(item, &HeatmapItem::cursorPixelChanged);
        item->setRun(run_);
        QCOMPARE(item->cursorPixel(), 0.0);  // no width yet
        item->setWidth(600);
        QVERIFY(moved.count() >= 2);
        const double x0 = run_->xAt(0), x1 = run_->xAt(run_->steps());
        const double share = (run_->xAt(run_->steps() / 2) - x0) / (x1 - x0);
        QVERIFY(share > 0.05);
        QVERIFY(std::abs(item->cursorPixel() - 600 * share) < 1e-6);
        moved.clear();
        item->setTo(run_->steps() * 3 / 4);
        QVERIFY(moved.count() >= 1);
        QVERIFY(std::abs(item->cursorPixel() - 600 * (run_->xAt(run_->steps() / 2) - x0)
                                                   / (run_->xAt(run_->steps() * 3 / 4) - x0)) < 1e-6);
    }

    // Walk15 (issue 16): a 1-px light line crossed the K = 16 heatmap at 2560x1440, in a colour
    // the legend did not show. Every pixel row draws at least one node, in layout order, whatever
    // the height (below, at and above the node count, past the texture's limit); the value a row
    // shows is the largest of its nodes, always a number; and its colour is the ramp's for a
    // value above 0 and the empty cell (emptyColor, keyed in the legend) only for 0: a row whose
    // nodes all have no fragmentation left (full nodes, late in a run), which is what the line was.
    void heatmapRowsCoverEveryNodeAtEveryHeight()
    {
        auto window = makeWindow({900, 500});
        auto* item = new HeatmapItem(window->contentItem());
        item->setSize({200, 300});
        item->setColumns(40);
        item->setRun(run_);
        QTRY_VERIFY_WITH_TIMEOUT(item->ready(), 10'000);
        const int groups = int(run_->run().layout().groups.size());
        const int columns = item->sampledColumns();
        int zeroCells = 0;
        for (const double height : {1.0, 7.5, groups / 3.0, groups - 1.0, double(groups), groups + 1.0,
                                    groups * 2 + 7.0, 4097.0 * 3}) {
            item->setHeight(height);
            const int rows = item->shownRows();
            const QString at = QStringLiteral("height %1, %2 rows").arg(height).arg(rows);
            QCOMPARE(rows, std::min({groups, 4096, int(std::floor(height))}));
            QCOMPARE(item->firstGroupOfRow(0), 0);
            QCOMPARE(item->firstGroupOfRow(rows), groups);
            for (int r = 0; r < rows; ++r) {
                const int first = item->firstGroupOfRow(r), end = item->firstGroupOfRow(r + 1);
                QVERIFY2(end > first, qPrintable(at + QStringLiteral(": row %1 draws no node").arg(r)));
                for (int c = 0; c < columns; c += 7) {
                    double highest = 0;
                    for (int g = first; g < end; ++g)
                        highest = std::max(highest, item->valueAt(g, c));
                    const double shown = item->shownValueAt(r, c);
                    QVERIFY2(std::isfinite(shown), qPrintable(at));
                    QCOMPARE(shown, highest);
                    const QColor colour = item->shownColorAt(r, c);
                    QVERIFY2(colour.isValid(), qPrintable(at));
                    if (shown > 0) {
                        QVERIFY2(colour != item->emptyColor(), qPrintable(at + QStringLiteral(": row %1").arg(r)));
                    } else {
                        QCOMPARE(colour, item->emptyColor());
                        ++zeroCells;
                    }
                }
            }
            QVERIFY(!item->shownColorAt(rows, 0).isValid());
        }
        // (The default run has rows of full nodes late on, at a row per node at least.)
        QVERIFY(zeroCells > 0);
        // The empty cell is off the ramp the legend draws.
        for (const double share : {0.0, 0.001, 0.5, 1.0})
            QVERIFY(item->colorAt(share) != item->emptyColor());
    }

    // Walk15 (issue 16): the A10 group (32 nodes of 19,408) had no label, its band thinner than
    // a line of text. Every band is named: labels one bandLabelHeight tall (smaller only when
    // they cannot all fit), apart, inside the item, each on its band's middle unless a
    // neighbour needs the room (QML then draws a leader).
    void heatmapNamesEveryBand()
    {
        auto window = makeWindow({900, 500});
        auto* item = new HeatmapItem(window->contentItem());
        item->setSize({200, 300});
        item->setColumns(20);
        item->setRun(run_);
        QTRY_VERIFY_WITH_TIMEOUT(item->ready(), 10'000);
        const OccupancyLayout& layout = run_->run().layout();
        QVERIFY(layout.categories.size() >= 5);
        for (const double height : {300.0, 120.0, 40.0}) {
            item->setHeight(height);
            const QVariantList bands = item->bands();
            QCOMPARE(bands.size(), qsizetype(layout.categories.size()));
            double last = -1e9;
            bool thin = false;
            for (const QVariant& b : bands) {
                const QVariantMap band = b.toMap();
                const QString at = QStringLiteral("height %1, %2").arg(height).arg(band.value("label").toString());
                QVERIFY2(!band.value("label").toString().isEmpty(), qPrintable(at));
                const double labelY = band.value("labelY").toDouble(), size = band.value("labelHeight").toDouble();
                QVERIFY2(size > 0 && size <= item->bandLabelHeight(), qPrintable(at));
                QVERIFY2(labelY - size / 2 >= -1e-6 && labelY + size / 2 <= height + 1e-6, qPrintable(at));
                QVERIFY2(labelY - last >= size - 1e-6, qPrintable(at + ": overlaps the label above"));
                last = labelY;
                thin = thin || band.value("height").toDouble() < size;
            }
            QVERIFY(thin);  // (a band thinner than its label is among them: the case at stake)
            // Where all fit, at full size.
            if (height >= double(bands.size()) * item->bandLabelHeight())
                QCOMPARE(bands.first().toMap().value("labelHeight").toDouble(), item->bandLabelHeight());
        }
        // A band with room keeps its label on its middle: the largest (G2, over half the nodes).
        item->setHeight(300);
        for (const QVariant& b : item->bands()) {
            const QVariantMap band = b.toMap();
            if (band.value("height").toDouble() > 0.4 * 300)
                QCOMPARE(band.value("labelY").toDouble(), band.value("y").toDouble() + band.value("height").toDouble() / 2);
        }
    }

    // Walk item 10: two runs' heatmaps shown together share one colour scale.
    void heatmapsShareAScale()
    {
        auto window = makeWindow({900, 500});
        auto* item = new HeatmapItem(window->contentItem());
        item->setSize({400, 200});
        item->setColumns(100);
        item->setRun(run_);
        QTRY_VERIFY_WITH_TIMEOUT(item->ready(), 10'000);
        const double own = item->naturalMax();
        QCOMPARE(item->legendMax(), own);
        QSignalSpy repainted(item, &HeatmapItem::scaleChanged);
        item->setScaleMax(own * 2);
        QCOMPARE(item->legendMax(), own * 2);
        QCOMPARE(item->naturalMax(), own);
        QCOMPARE(repainted.count(), 1);
        item->setScaleMax(0);  // back to its own
        QCOMPARE(item->legendMax(), own);
    }
};

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    TestItems test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_items.moc"
