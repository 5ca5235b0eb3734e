// Issue 13 walk W9 and issue 14: the occupancy grid of every kind.
// - One layout rule (OccupancyGeometry) for the app's grid and the exported chart (CLI,
//   report): a node is a row of its GPUs with its number at its left, nodes in rows.
// - Node numbers once cells can carry them; the cells grow with the view.
// - The report's "GPUs busy per node" heatmap names its nodes and means busy in the grid's
//   colour.
// - Each layer and kind says its own words (OccupancyLayer ramp texts, RunWords cells): no pod
//   "GPU milli" or "nodes" on a training or renting run.
#include "chart/ChartColors.h"
#include "chart/FragmentationHeatmap.h"
#include "chart/OccupancyChart.h"
#include "inference/InferenceRun.h"
#include "chart/OccupancyGeometry.h"
#include "items/OccupancyItem.h"
#include "run/PodSchedulingRun.h"
#include "run/RunKindRegistry.h"
#include "run/RunHandle.h"
#include "training/placement/TrainingPlacementRun.h"
#include "training/rental-kind/TrainingRentalRun.h"

#include <QTest>

using namespace tessera;
using namespace tessera::chart;
using chart::OccupancyGeometry;

namespace {

std::shared_ptr<const Run> sampleRun(const char* kindId)
{
    const RunKind& kind = RunKindRegistry::kind(kindId);
    return std::shared_ptr<const Run>(kind.simulate(kind.conformanceSample(), RunRequest{kind.policies().front().spec, {}}));
}

// The position of `run` with the most busy cells, so that busy and free both show.
size_t busiest(const Run& run)
{
    size_t best = 0, most = 0;
    auto cursor = run.cursor();
    std::vector<float> use;
    for (size_t p = 0; p <= run.steps(); ++p) {
        cursor->seek(p);
        cursor->cellUse(use);
        const size_t busy = size_t(std::count_if(use.begin(), use.end(), [](float u) { return u > 0; }));
        if (busy > most && busy < use.size()) {
            most = busy;
            best = p;
        }
    }
    return best;
}

}  // namespace

class TestOccupancyLayout : public QObject {
    Q_OBJECT
    QObject owner_;

private slots:
    // A node's label is its number when the nodes of a band are "<prefix><number>", else its
    // name; cells too small for a label beside them get none, and then no room is kept.
    void nodesAreNumberedOnceCellsCarryALabel()
    {
        const auto run = sampleRun(TrainingPlacementRun::kKind);
        const OccupancyLayout& layout = run->layout();
        QVERIFY(layout.groups.size() >= 2);
        const OccupancyGeometry big(layout, 2000, 20, 18);
        QCOMPARE(big.groupLabels().size(), layout.groups.size());
        for (size_t g = 0; g < layout.groups.size(); ++g) {
            QCOMPARE(big.groupLabels()[g].text, QString::number(g));  // "node 3" -> "3"
            // Left of the node's GPUs, on their row: a node is a row of its GPUs.
            const auto rects = big.groupRects(int(g));
            QCOMPARE(rects.size(), size_t(1));
            QCOMPARE(rects.front().height(), big.cellSize());
            QVERIFY(big.groupLabels()[g].rect.right() < rects.front().left());
            QCOMPARE(big.groupLabels()[g].rect.center().y(), rects.front().center().y());
        }
        const OccupancyGeometry small(layout, 2000, 7, 18);
        QVERIFY(small.groupLabels().empty());
        QCOMPARE(small.cells().front().left(), 0);
        // Nor does a band whose nodes are narrower than twice their label (1-GPU pod nodes
        // named by five digits at 2560 px were mostly labels).
        OccupancyLayout thin;
        thin.categories = {"T4"};
        for (uint32_t n = 0; n < 40; ++n)
            thin.groups.push_back({"node-" + std::to_string(10000 + n), 0, n, 1, 0, {}});
        thin.cellCount = 40;
        QVERIFY(OccupancyGeometry(thin, 2000, 12, 18).groupLabels().empty());
        thin.groups.front().cellCount = 8;  // one wide node: the band is labelled
        thin.cellCount = 47;
        for (uint32_t n = 1; n < 40; ++n)
            thin.groups[n].firstCell = n + 7;
        QCOMPARE(OccupancyGeometry(thin, 2000, 12, 18).groupLabels().size(), size_t(40));
        // Names that are no numbered series keep their names (the renting kind's job types).
        const auto rental = sampleRun(TrainingRentalRun::kKind);
        for (size_t g = 0; g < rental->layout().groups.size(); ++g)
            QCOMPARE(OccupancyGeometry::groupLabel(rental->layout(), g),
                     QString::fromStdString(rental->layout().groups[g].name));
    }

    // The exported occupancy chart (CLI `chart --chart occupancy`, the report) is the app's grid:
    // the same OccupancyGeometry, each cell in its GPU's colour, each node numbered at its left.
    void theExportedChartIsTheAppsLayout()
    {
        const auto run = sampleRun(TrainingPlacementRun::kKind);
        const size_t at = busiest(*run);
        const ChartSpec spec = OccupancyChart::build(*run, at);
        QVERIFY(spec.heatmap);
        const auto& h = *spec.heatmap;
        QVERIFY(!h.labels.isEmpty());
        // A label's box is its row and the gaps above and below (OccupancyGeometry::GroupLabel).
        const int cellSize = int(h.labels.front().rect.height()) - 2;
        const OccupancyGeometry g(run->layout(), h.image.width(), cellSize, 0);
        QCOMPARE(g.height(), h.image.height());
        QCOMPARE(qsizetype(g.groupLabels().size()), h.labels.size());
        for (size_t i = 0; i < g.groupLabels().size(); ++i) {
            QCOMPARE(h.labels[qsizetype(i)].text, g.groupLabels()[i].text);
            QCOMPARE(h.labels[qsizetype(i)].rect, QRectF(g.groupLabels()[i].rect));
        }
        auto cursor = run->cursor();
        cursor->seek(at);
        std::vector<float> use;
        cursor->cellUse(use);
        int busy = 0;
        for (size_t c = 0; c < g.cells().size(); ++c) {
            const QColor expected = use[c] > 0 ? ChartColors::occupancy(use[c], false) : ChartColors::emptyCell(false);
            QCOMPARE(h.image.pixelColor(g.cells()[c].center()).rgba(), expected.rgba());
            busy += use[c] > 0;
        }
        QVERIFY(busy > 0 && busy < int(use.size()));
        // The image keeps the plot's shape, so that stretched over it the cells stay about square.
        const double aspect = double(h.image.width()) / h.image.height();
        QVERIFY2(aspect > 0.8 && aspect < 4, qPrintable(QString::number(aspect)));
    }

    // The app's grid lets cells grow to fill a large view (a 64-GPU cluster at 2560 px was one
    // strip of 28 px cells under an empty pane), numbered.
    void theGridGrowsToFillTheView()
    {
        const auto run = sampleRun(TrainingPlacementRun::kKind);
        views::RunHandle handle(run, &owner_);
        views::OccupancyItem item;
        item.setMinCellSize(4);
        item.setMaxCellSize(128);
        item.setWidth(1800);
        item.setFitHeight(1200);
        item.setRun(&handle);
        QVERIFY2(item.cellSize() > 64, qPrintable(QString::number(item.cellSize())));
        QVERIFY(item.implicitHeight() <= 1200);
    }

    // "GPUs busy per node" in the report: every node named, and busy in the grid's colour (dark
    // on paper), not the opposite end of the scale.
    void theBusyHeatmapNamesNodesAndReadsAsTheGrid()
    {
        const auto run = sampleRun(TrainingPlacementRun::kKind);
        const ChartSpec spec = FragmentationHeatmap::build(*run, {}, {});
        QVERIFY(spec.heatmap);
        const auto& h = *spec.heatmap;
        QCOMPARE(h.rowLabels.size(), qsizetype(run->layout().groups.size()));
        QCOMPARE(h.rowAxisLabel, QStringLiteral("Nodes"));  // one node size: no "by node size"
        for (size_t g = 0; g < run->layout().groups.size(); ++g)
            QCOMPARE(h.rowLabels[qsizetype(g)], QString::fromStdString(run->layout().groups[g].name));
        const QColor busyKey = OccupancyChart::build(*run, busiest(*run)).heatmap->keys.front().color;
        QCOMPARE(h.scale.last(), busyKey);
        // The fullest cell of the image is the grid's busy colour.
        int fullest = 0;
        for (int i = 1; i < int(h.values.size()); ++i)
            if (h.values[size_t(i)] > h.values[size_t(fullest)])
                fullest = i;
        const int columns = int(h.columnHeaders.size());
        QVERIFY(h.values[size_t(fullest)] >= h.legendMax);
        QCOMPARE(h.image.pixelColor(fullest % columns, fullest / columns).rgb(), busyKey.rgb());
    }

    // Each share layer names itself and its ramp's ends; the app's legend reads them
    // (OccupancyItem.layers) instead of guessing from the number of layers.
    void eachLayerSaysItsOwnWords()
    {
        const auto training = sampleRun(TrainingPlacementRun::kKind);
        views::RunHandle trainingHandle(training, &owner_);
        views::OccupancyItem item;
        item.setWidth(900);
        item.setRun(&trainingHandle);
        const QVariantList layers = item.layers();
        QCOMPARE(layers.size(), 4);
        const QVariantMap score = layers[TrainingPlacementRun::kScoreLayer].toMap();
        QCOMPARE(score.value("lowText").toString(), QStringLiteral("fastest GPU"));
        QCOMPARE(score.value("highText").toString(), QStringLiteral("slowest GPU"));
        // The band says nodes and GPUs in the run's words.
        QVERIFY(!item.bands().isEmpty());
        const QString nodes = item.bands().front().toMap().value("text").toString();
        QVERIFY2(nodes.contains(" nodes · ") && nodes.endsWith(" GPUs"), qPrintable(nodes));

        // The renting kind: one share layer of its own, in per cent, and job types, not nodes.
        const auto rental = sampleRun(TrainingRentalRun::kKind);
        views::RunHandle rentalHandle(rental, &owner_);
        item.setRun(&rentalHandle);
        const QVariantMap held = item.layers().front().toMap();
        QVERIFY(!held.value("name").toString().contains("milli"));
        QCOMPARE(held.value("lowText").toString(), QStringLiteral("0 %"));
        QCOMPARE(held.value("highText").toString(), QStringLiteral("100 %"));
        const QString band = item.bands().front().toMap().value("text").toString();
        QVERIFY2(band.contains("job type") && !band.contains("nodes"), qPrintable(band));

        // MIG inference cells are slices.
        const auto inference = sampleRun(InferenceRun::kKind);
        views::RunHandle inferenceHandle(inference, &owner_);
        item.setRun(&inferenceHandle);
        const QString slices = item.bands().front().toMap().value("text").toString();
        QVERIFY2(slices.endsWith(" slices"), qPrintable(slices));

        // The pod kind's share legend is the exported chart's: one name for one ramp.
        const auto pods = sampleRun(PodSchedulingRun::kKind);
        const QString podLayer = QString::fromStdString(pods->layout().layers.front().name);
        QCOMPARE(OccupancyChart::build(*pods, pods->steps()).heatmap->legendLabel, podLayer);
        QVERIFY(!podLayer.contains("milli"));
    }
};

QTEST_MAIN(TestOccupancyLayout)
#include "tst_occupancylayout.moc"
