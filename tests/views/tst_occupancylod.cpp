// Issue 16 item 5: the occupancy grid and the heatmap at 100,000 GPUs draw at most about one
// item per pixel (level of detail) and hover still names the exact node under the pointer.
// - OccupancyItem: cells that do not fit at the smallest size asked for become an overview, a
//   square per node in the mean colour of its GPUs (several nodes of one band per square only
//   when nodes outnumber the pixels); each square's colour is its exact cells' mean, hovering a
//   square shows its node in full, and the user can turn the overview off (the cells scroll).
// - HeatmapItem: at most a texel row per pixel of height, each the maximum of its nodes, and
//   the tooltip names the node whose value the row shows.
// The bundled default trace (6,212 GPUs) in a small item stands for a large cluster on a screen.
#include "DefaultTraceRun.h"
#include "ItemWindow.h"
#include "chart/OccupancyBlockValue.h"
#include "chart/OccupancyGeometry.h"
#include "items/HeatmapItem.h"
#include "items/OccupancyItem.h"

#include <QQuickWindow>
#include <QTest>

#include <cmath>
#include <set>

using namespace tessera;
using chart::OccupancyBlockValue;
using chart::OccupancyGeometry;
using views::HeatmapItem;
using views::OccupancyItem;

namespace {
// The exact mean used share of groups [first, first + count), from the cells themselves.
double exactMean(const OccupancyLayout& layout, const std::vector<float>& use, size_t first, size_t count)
{
    double sum = 0;
    size_t cells = 0;
    for (size_t g = first; g < first + count; ++g)
        for (uint32_t c = 0; c < layout.groups[g].cellCount; ++c, ++cells)
            sum += std::max(0.0f, use[layout.groups[g].firstCell + c]);
    return cells ? sum / double(cells) : 0.0;
}
}  // namespace

class TestOccupancyLod : public QObject {
    Q_OBJECT

    QObject owner_;
    views::RunHandle* run_ = nullptr;
    std::vector<float> use_;  // every cell's share at the run's end

private slots:
    void initTestCase()
    {
        run_ = test::defaultRunHandle(&owner_);
        auto cursor = run_->run().cursor();
        cursor->seek(run_->steps());
        cursor->cellUse(use_);
    }

    // Too small for 4-px cells: a square per node, each in its exact cells' mean colour, all
    // inside the height given, none overlapping, no more squares than pixels.
    void theOverviewDrawsEachNodeInItsCellsMeanColour()
    {
        auto window = test::makeItemWindow({640, 260});
        auto* item = new OccupancyItem(window->contentItem());
        item->setWidth(600);
        item->setMinCellSize(4);
        item->setMaxCellSize(128);
        item->setFitHeight(220);
        item->setRun(run_);
        item->setPosition(int(run_->steps()));
        QVERIFY(item->overviewNeeded());
        QVERIFY(item->overview());
        QCOMPARE(item->groupsPerSquare(), 1);
        QVERIFY2(item->implicitHeight() <= 220, qPrintable(QString::number(item->implicitHeight())));

        const OccupancyLayout& layout = run_->run().layout();
        const OccupancyGeometry g =
            OccupancyGeometry::fittingOverview(layout, 600, 220, item->labelHeight(), 128);
        QVERIFY(g.isOverview());
        QVERIFY(size_t(g.width()) * size_t(g.height()) >= g.blocks().size());
        std::set<std::pair<int, int>> corners;
        int checked = 0, busy = 0;
        for (size_t n = 0; n < layout.groups.size(); ++n) {
            if (layout.groups[n].cellCount == 0) {
                QCOMPARE(g.blockOfGroup(int(n)), -1);
                continue;
            }
            const QRectF square = item->groupBounds(int(n));
            QVERIFY(!square.isEmpty());
            QVERIFY(corners.insert({int(square.x()), int(square.y())}).second);  // a square of its own
            const double mean = exactMean(layout, use_, n, 1);
            const QColor expected = mean > 0 ? item->colorAt(mean) : item->emptyColor();
            const QColor drawn = item->drawnColorAt(square.center().x(), square.center().y());
            // (Within one step per channel: the item averages in float, this test in double.)
            const bool same = std::abs(drawn.red() - expected.red()) <= 1 && std::abs(drawn.green() - expected.green()) <= 1
                              && std::abs(drawn.blue() - expected.blue()) <= 1 && drawn.alpha() == expected.alpha();
            QVERIFY2(same,
                     qPrintable(QStringLiteral("node %1: %2 for mean %3, expected %4")
                                    .arg(n).arg(drawn.name(QColor::HexArgb)).arg(mean).arg(expected.name(QColor::HexArgb))));
            ++checked;
            busy += mean > 0 && mean < 1;
        }
        QVERIFY(checked > 1000);
        QVERIFY(busy > 10);  // partly used nodes: a mean, not one cell's colour, is what is tested
    }

    // Hover a square: the text is its node in full (the cursor's own description) and the
    // box is its square; a click selects that node.
    void hoverOnTheOverviewNamesTheExactNode()
    {
        auto window = test::makeItemWindow({640, 260});
        auto* item = new OccupancyItem(window->contentItem());
        item->setWidth(600);
        item->setHeight(220);
        item->setFitHeight(220);
        item->setRun(run_);
        item->setPosition(int(run_->steps()));
        QVERIFY(item->overview());
        QVERIFY(test::showAndSettle(*window));
        auto cursor = run_->run().cursor();
        cursor->seek(run_->steps());
        const OccupancyLayout& layout = run_->run().layout();
        for (size_t n : {size_t(3), layout.groups.size() / 2, layout.groups.size() - 1}) {
            while (layout.groups[n].cellCount == 0)
                --n;
            const QRectF square = item->groupBounds(int(n));
            QTest::mouseMove(window.get(), square.center().toPoint());
            QTRY_VERIFY(item->hoveredCell() >= 0 && item->groupOfCell(item->hoveredCell()) == int(n));
            const QString node = QString::fromStdString(cursor->describeGroup(uint32_t(n)));
            QVERIFY2(item->hoverText().contains(node), qPrintable(item->hoverText()));
            QCOMPARE(item->hoveredCellRect(), square);
            QTest::mouseClick(window.get(), Qt::LeftButton, {}, square.center().toPoint());
            QCOMPARE(item->selectedGroup(), int(n));
        }
    }

    // Turned off, the same item draws every cell at the smallest size and scrolls.
    void theOverviewCanBeTurnedOff()
    {
        OccupancyItem item;
        item.setWidth(600);
        item.setFitHeight(220);
        item.setRun(run_);
        QVERIFY(item.overview());
        item.setOverviewAllowed(false);
        QVERIFY(!item.overview());
        QVERIFY(item.overviewNeeded());
        QCOMPARE(item.cellSize(), item.minCellSize());
        QVERIFY(item.implicitHeight() > 220);
        item.setFitHeight(100000);  // room enough: cells, whatever the setting
        item.setOverviewAllowed(true);
        QVERIFY(!item.overview());
        QVERIFY(!item.overviewNeeded());
    }

    // Too little room even for a pixel per node (a short compare pane whose band titles take
    // the height): no shared squares in the item, the cells scroll as before.
    void tooSmallForASquarePerNodeTheCellsScroll()
    {
        OccupancyItem item;
        item.setWidth(100);
        item.setFitHeight(150);
        item.setRun(run_);
        QVERIFY(item.overviewNeeded());
        QVERIFY(!item.overview());
        QCOMPARE(item.cellSize(), item.minCellSize());
        QVERIFY(item.implicitHeight() > 150);
        QVERIFY(OccupancyGeometry::fittingOverview(run_->run().layout(), 100, 150, item.labelHeight(), 128).groupsPerBlock() > 1);
    }

    // Fewer pixels than nodes: consecutive nodes of one band share a square; every node is in
    // exactly one, and a square's value is the mean of all its cells.
    void nodesShareASquareOnlyWhenPixelsRunOut()
    {
        const OccupancyLayout& layout = run_->run().layout();
        const OccupancyGeometry g = OccupancyGeometry::fittingOverview(layout, 20, 100, 4, 128);
        QVERIFY(g.groupsPerBlock() > 1);
        QVERIFY2(g.height() <= 100, qPrintable(QString::number(g.height())));
        QCOMPARE(g.cellSize(), 1);
        // The fewest per square: one fewer does not fit.
        QVERIFY(OccupancyGeometry::overview(layout, 20, 1, 4, g.groupsPerBlock() - 1).height() > 100);
        std::vector<int> seen(layout.groups.size(), 0);
        for (size_t b = 0; b < g.blocks().size(); ++b) {
            const auto& block = g.blocks()[b];
            QVERIFY(block.groupCount >= 1 && int(block.groupCount) <= g.groupsPerBlock());
            const uint32_t category = layout.groups[block.firstGroup].category;
            for (uint32_t n = block.firstGroup; n < block.firstGroup + block.groupCount; ++n) {
                QCOMPARE(layout.groups[n].category, category);
                ++seen[n];
                QCOMPARE(g.blockOfGroup(int(n)), layout.groups[n].cellCount > 0 ? int(b) : -1);
            }
            const double mean = exactMean(layout, use_, block.firstGroup, block.groupCount);
            QVERIFY(std::abs(OccupancyBlockValue::meanShare(layout, block, use_) - mean) < 1e-5);
        }
        for (size_t n = 0; n < layout.groups.size(); ++n)
            if (layout.groups[n].cellCount > 0)
                QCOMPARE(seen[n], 1);
    }

    // A categorical square shows its cells' most common category, none when all are free.
    void aCategoricalSquareShowsItsMostCommonCategory()
    {
        OccupancyLayout layout;
        layout.categories = {"m"};
        layout.groups = {{"a", 0, 0, 4}, {"b", 0, 4, 2}};
        layout.cellCount = 6;
        const OccupancyGeometry::Block both{QRect(), 0, 2};
        QCOMPARE(OccupancyBlockValue::commonCategory(layout, both, {2, 1, -1, 1, 2, 2}), 2);
        QCOMPARE(OccupancyBlockValue::commonCategory(layout, both, {-1, -1, -1, -1, -1, -1}), -1);
        QCOMPARE(OccupancyBlockValue::commonCategory(layout, {QRect(), 1, 1}, {3, 3, 3, 3, 0, -1}), 0);
        QCOMPARE(OccupancyBlockValue::meanShare(layout, both, {1, 0.5f, -1, 0, 0.25f, 0.25f}), 2.0f / 6.0f);
    }

    // The heatmap: a row per pixel at most, each the maximum of its nodes exactly, every node
    // in one row, and the tooltip names the node whose value a row shows.
    void theHeatmapShowsEachRowsHottestNode()
    {
        auto window = test::makeItemWindow({500, 160});
        auto* item = new HeatmapItem(window->contentItem());
        item->setSize({400, 100});
        item->setColumns(40);
        item->setRun(run_);
        QTRY_VERIFY_WITH_TIMEOUT(item->ready(), 20'000);
        const int groups = int(run_->run().layout().groups.size());
        QVERIFY(groups > 1000);
        QCOMPARE(item->shownRows(), 100);
        QCOMPARE(item->firstGroupOfRow(0), 0);
        QCOMPARE(item->firstGroupOfRow(100), groups);
        int rowsOfSeveral = 0;
        for (int r = 0; r < 100; ++r) {
            const int first = item->firstGroupOfRow(r), end = item->firstGroupOfRow(r + 1);
            QVERIFY(end > first);
            rowsOfSeveral += end - first > 1;
            for (int c = 0; c < 40; c += 7) {
                double hottest = 0;
                int hottestGroup = first;
                for (int g = first; g < end; ++g)
                    if (item->valueAt(g, c) > hottest) {
                        hottest = item->valueAt(g, c);
                        hottestGroup = g;
                    }
                QCOMPARE(item->shownValueAt(r, c), hottest);
                const QString text = item->describeAt((c + 0.5) * 400 / 40, (r + 0.5));
                const QString name = QString::fromStdString(run_->run().layout().groups[size_t(hottestGroup)].name);
                QVERIFY2(text.startsWith(name + QStringLiteral(" · ")), qPrintable(text + " / " + name));
            }
        }
        QCOMPARE(rowsOfSeveral, 100);
        // Taller than the nodes: a row each again.
        item->setHeight(groups + 50);
        QCOMPARE(item->shownRows(), groups);
        QCOMPARE(item->firstGroupOfRow(7), 7);
    }
};

QTEST_MAIN(TestOccupancyLod)
#include "tst_occupancylod.moc"
