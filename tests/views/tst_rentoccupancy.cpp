// Issue 14 walk W8 and W9: the renting kind's occupancy. Its groups are job types of hundreds of
// GPU slots each; the exported grid drew them unlabelled (each wider than a labelled image),
// while the app labels every type: the export now wraps such a group under its label, as the
// app's layout rule (OccupancyGeometry) does. Its header counted the slots ("464 GPUs") as GPUs
// rented: it counts the slots in use in the kind's words. Its cursor opened at the end, with
// every GPU free: it opens at the last event with a GPU in use, the rule the CLI's chart uses.
#include "chart/OccupancyChart.h"
#include "chart/OccupancyGeometry.h"
#include "chart/RunCharts.h"
#include "run/LastInUse.h"
#include "run/RunHandle.h"
#include "run/RunKindRegistry.h"
#include "training/rental-kind/TrainingRentalRun.h"

#include <QFont>
#include <QFontMetrics>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace tessera;
using namespace tessera::chart;

namespace {

// A run whose groups are wide job types (as a rental run's), busy in the middle only.
class WideGroupsRun final : public Run {
public:
    WideGroupsRun()
    {
        info_.kind = "test-wide";
        info_.name = "wide";
        series_.add({"time_h", "Time", "h"}, {0, 1, 2, 3});
        layout_.categories = {"job type"};
        layout_.unitName = "GPU";
        uint32_t first = 0;
        for (const auto& [name, cells] : std::vector<std::pair<std::string, uint32_t>>{
                 {"cifar10", 130}, {"deepspeech2", 300}, {"imagenet", 12}, {"bert", 40}}) {
            layout_.groups.push_back({name, 0, first, cells});
            first += cells;
        }
        layout_.cellCount = first;
    }
    const RunInfo& info() const override { return info_; }
    size_t steps() const override { return 3; }
    const MetricSeries& series() const override { return series_; }
    const OccupancyLayout& layout() const override { return layout_; }
    std::unique_ptr<RunCursor> cursor() const override { return std::make_unique<Cursor>(layout_.cellCount); }
    std::string describeStep(size_t) const override { return "event"; }
    ExplanationTable explain(size_t) const override { return {}; }
    MetricInfo groupValueInfo() const override { return {"busy", "Busy", "GPUs"}; }
    std::unique_ptr<Run> fork(size_t, const std::string&, const ProgressCallback&) const override
    {
        return std::make_unique<WideGroupsRun>();
    }

private:
    struct Cursor final : RunCursor {
        explicit Cursor(uint32_t cells) : cells(cells) {}
        uint32_t cells;
        size_t at = 0;
        size_t position() const override { return at; }
        void seek(size_t position) override { at = position; }
        // Five slots in use at events 1 and 2, none at the start and the end.
        void cellUse(std::vector<float>& use) const override
        {
            use.assign(cells, 0.0f);
            for (uint32_t c = 0; c < 5 && (at == 1 || at == 2); ++c)
                use[c * 7] = 1.0f;
        }
        std::string describeCell(uint32_t) const override { return {}; }
        std::string describeGroup(uint32_t) const override { return {}; }
        void groupValues(std::vector<float>& values) const override { values.assign(4, 0.0f); }
    };
    RunInfo info_;
    MetricSeries series_;
    OccupancyLayout layout_;
};

}  // namespace

class TestRentOccupancy : public QObject {
    Q_OBJECT

private slots:
    // The export labels every wide group by its name, as the app does, in the app's layout rule.
    void theExportLabelsEveryJobType()
    {
        const WideGroupsRun run;
        const ChartSpec spec = OccupancyChart::build(run, 1, false, {});
        QVERIFY(spec.heatmap);
        const ChartSpec::Heatmap& h = *spec.heatmap;
        QStringList labels;
        for (const auto& label : h.labels)
            labels << label.text;
        QCOMPARE(labels, (QStringList{"cifar10", "deepspeech2", "imagenet", "bert"}));
        // Readable: each label is as tall as a labelled cell of the app's grid.
        for (const auto& label : h.labels)
            QVERIFY(label.rect.height() >= 10);
        // The image is the app's geometry at its width: the same cells, every one inside it.
        const OccupancyGeometry geometry(run.layout(), h.image.width(), 16, 0);
        QCOMPARE(geometry.height(), h.image.height());
        for (const QRect& cell : geometry.cells())
            QVERIFY(h.image.rect().contains(cell));
        QCOMPARE(geometry.groupLabels().size(), size_t(4));
        // About the plot's shape, not one strip of 300 cells.
        const double aspect = double(h.image.width()) / h.image.height();
        QVERIFY2(aspect > 0.8 && aspect < 4, qPrintable(QString::number(aspect)));
    }

    // Group labels at about the charts' text size whatever the cells (they were 7-px text in
    // one compare pane at 1280x800 and 16 px in the other), and shown down to 8-px cells (a
    // compare pane of a 464-slot run drew 9-px cells without any).
    void labelsAreOneReadableSize()
    {
        QCOMPARE(OccupancyGeometry::labelPixelsFor(7), 0);
        for (int cell = 8; cell <= 128; ++cell) {
            const int pixels = OccupancyGeometry::labelPixelsFor(cell);
            QVERIFY2(pixels >= 10 && pixels <= 12, qPrintable(QStringLiteral("%1 px at %2").arg(pixels).arg(cell)));
        }
        const WideGroupsRun run;
        const OccupancyGeometry small(run.layout(), 600, 9, 0);
        QCOMPARE(small.groupLabels().size(), size_t(4));
    }

    // Walk 14b W8: in a compare pane at 1280x800 (8-px cells) the labels "cifar10" and
    // "yolov3" were cut top and bottom by their 8-px row. A label's box holds the ink of its
    // text at any cell size, centred on its row, inside the width, clear of every cell; text
    // wider than its slot is elided, and hovering a label names its group in full.
    void labelsAreNeverClipped()
    {
        const WideGroupsRun run;
        for (int cell = 8; cell <= 20; ++cell) {
            const OccupancyGeometry g(run.layout(), 600, cell, 18);
            QCOMPARE(g.groupLabels().size(), size_t(4));
            QFont font;
            font.setPixelSize(g.labelPixels());
            const QFontMetrics metrics(font);
            for (size_t l = 0; l < g.groupLabels().size(); ++l) {
                const auto& label = g.groupLabels()[l];
                // Ink from an ascender to a descender, whatever this label's letters.
                const int ink = metrics.tightBoundingRect(QStringLiteral("fy")).height();
                const QString at = QStringLiteral("%1 at %2-px cells: %3 px tall, the ink %4 at %5 px")
                                       .arg(label.text).arg(cell).arg(label.rect.height()).arg(ink).arg(g.labelPixels());
                QVERIFY2(label.rect.height() >= ink, qPrintable(at));
                QVERIFY(g.labelPixels() >= 10);
                const QRect first = g.cells()[run.layout().groups[l].firstCell];
                QVERIFY2(std::abs(label.rect.center().y() - first.center().y()) <= 1, qPrintable(at));
                QVERIFY(label.rect.left() >= 0 && label.rect.right() < 600);
                for (const QRect& c : g.cells())
                    QVERIFY2(!c.intersects(label.rect), qPrintable(at));
                QCOMPARE(g.labelAt(label.rect.center()), int(l));
            }
        }
    }

    // Walk 14b N6: the exported renting occupancy drew its one band's name, "job type", at
    // mid-height beside the axis title "Job types". One axis title, no band label; a layout of
    // several bands (GPU models) keeps them.
    void theRentingExportHasNoStrayBandLabel()
    {
        const RunKind& kind = RunKindRegistry::kind(TrainingRentalRun::kKind);
        const std::shared_ptr<const Run> run = kind.simulate(kind.conformanceSample(), RunRequest{"boa", {}});
        const ChartSpec spec = OccupancyChart::build(*run, LastInUse::of(*run).position, false, {});
        QVERIFY(spec.heatmap);
        QCOMPARE(spec.heatmap->rowAxisLabel, QStringLiteral("Job types"));
        QVERIFY2(spec.heatmap->bands.isEmpty(), qPrintable(spec.heatmap->bands.value(0).label));
        QVERIFY(!spec.heatmap->labels.isEmpty());  // the job types themselves are named
        // A one-band layout whose band is not its groups' noun keeps it.
        const WideGroupsRun wide;
        QCOMPARE(OccupancyChart::build(wide, 1, false, {}).heatmap->bands.size(), 1);
    }

    // The cursor rule: the last event with a GPU in use, for the app (RunHandle) and the CLI.
    void theCursorOpensAtTheLastBusyEvent()
    {
        const auto run = std::make_shared<WideGroupsRun>();
        const LastInUse chosen = LastInUse::of(*run);
        QVERIFY(chosen.found);
        QCOMPARE(chosen.position, size_t(2));
        QVERIFY(!chosen.atEnd);
        views::RunHandle handle(run);
        QCOMPARE(handle.lastInUsePosition(), 2);
        QCOMPARE(handle.cellsInUse(2), 5);
        QCOMPARE(handle.cellsInUse(3), 0);
        QCOMPARE(handle.cellsInUse(99), 0);  // clamped to the end
    }

    // A report (no cursor) draws the grid at that moment too, and says why.
    void theReportsGridIsAtTheLastBusyEvent()
    {
        const WideGroupsRun run;
        const QList<ChartSpec> grids = RunCharts::occupancies({&run}, RunChartOptions{}, false);
        QCOMPARE(grids.size(), 1);
        QVERIFY2(grids.front().title.contains(QStringLiteral(" decision 2 of 3")), qPrintable(grids.front().title));
        QVERIFY2(grids.front().title.endsWith(QStringLiteral(": the last decision with a GPU in use")),
                 qPrintable(grids.front().title));
    }

    // A rental run: its header words, and slots in use at its busy moment.
    void aRentalRunCountsItsSlotsRented()
    {
        const RunKind& kind = RunKindRegistry::kind(TrainingRentalRun::kKind);
        const std::shared_ptr<const Run> run = kind.simulate(kind.conformanceSample(), RunRequest{"boa", {}});
        QCOMPARE(run->words().cells, std::string("GPU slots"));
        QCOMPARE(run->words().inUse, std::string("rented"));
        views::RunHandle handle(run);
        QCOMPARE(handle.words().value("inUse").toString(), QStringLiteral("rented"));
        const int busy = handle.lastInUsePosition();
        QVERIFY(busy < int(run->steps()));  // every job done at the end: nothing rented there
        QCOMPARE(handle.cellsInUse(int(run->steps())), 0);
        QVERIFY(handle.cellsInUse(busy) > 0);
        // The slots in use are the GPUs held, whole, by type.
        int held = 0;
        for (size_t c : run->series().family(TrainingRentalRun::kGpusByTypeFamily))
            held += int(std::ceil(run->series().column(c)[size_t(busy)] - 1e-9));
        QCOMPARE(handle.cellsInUse(busy), held);
    }
};

QTEST_MAIN(TestRentOccupancy)
#include "tst_rentoccupancy.moc"
