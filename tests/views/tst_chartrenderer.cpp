// The painter chart renderer and the chart builders: every chart of a run and of a comparison
// renders to a non-blank PNG of the requested size, SVG keeps vector paths and unit text, PDF
// reports have the expected pages, CSV keeps to the visible range, and the tick and colour
// tables hold their published values.
#include "chart/ChartColors.h"
#include "chart/ChartCsv.h"
#include "chart/LabelStack.h"
#include "chart/PanelPainter.h"
#include "chart/ChartError.h"
#include "chart/ChartFormat.h"
#include "chart/ChartRenderer.h"
#include "chart/MatchedPosition.h"
#include "chart/NiceTicks.h"
#include "chart/ReportTable.h"
#include "chart/ReportWriter.h"
#include "chart/RunCharts.h"
#include "chart/pod/PodCharts.h"
#include "chart/RunChartFrame.h"
#include "chart/SeriesPlan.h"
#include "support/ColourDistance.h"
#include "support/TestFiles.h"
#include "support/TestRuns.h"

#include <QDir>
#include <QFile>
#include <QFontMetricsF>
#include <QImage>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <array>
#include <cmath>

using namespace tessera;
using namespace tessera::chart;

namespace {

struct PixelStats {
    int distinctColors = 0;
    double nonBackgroundShare = 0;
};

PixelStats statsOf(const QImage& image, QColor background)
{
    QSet<QRgb> colors;
    qint64 other = 0;
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < rgb.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(rgb.constScanLine(y));
        for (int x = 0; x < rgb.width(); ++x) {
            colors.insert(line[x] & 0xffffff);
            if ((line[x] & 0xffffff) != (background.rgb() & 0xffffff))
                ++other;
        }
    }
    return {int(colors.size()), double(other) / double(qint64(rgb.width()) * rgb.height())};
}

// Page objects of a PDF: "/Type /Page" but not "/Type /Pages".
int pdfPageCount(const QByteArray& pdf)
{
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![a-zA-Z])"));
    int n = 0;
    for (auto it = page.globalMatch(QString::fromLatin1(pdf)); it.hasNext(); it.next())
        ++n;
    return n;
}

ChartSpec handMadeSpec()
{
    ChartSpec spec;
    spec.title = QStringLiteral("Hand-made");
    spec.x = {QStringLiteral("Arrived workload"), QStringLiteral("%"), {}, {}, true, false};
    spec.y = {QStringLiteral("Power"), QStringLiteral("kW"), {}, {}, true, false};
    ChartSpec::Series a{QStringLiteral("CPU"), ChartColors::categorical(0), {}, ChartSpec::SeriesStyle::Line, false, Steps::None, {}};
    ChartSpec::Series b{QStringLiteral("GPU, total"), ChartColors::categorical(1), {}, ChartSpec::SeriesStyle::Line, true, Steps::None, {}};
    for (int i = 0; i <= 10; ++i) {
        a.points.append(QPointF(i, i * 0.5));
        b.points.append(QPointF(i, 100 + i * 2.25));
    }
    spec.series = {a, b};
    return spec;
}

using test::deltaE;

}  // namespace

class TestChartRenderer : public QObject {
    Q_OBJECT

    std::shared_ptr<const PodTrace> trace_;
    std::unique_ptr<PodSchedulingRun> run_;
    std::unique_ptr<Run> fork_;
    size_t forkAt_ = 0;
    QTemporaryDir dir_;

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        trace_ = test::syntheticTrace(40, 500, 11);
        run_ = test::simulateRun(trace_, "fgd", 1.3);
        QVERIFY(run_->steps() > 100);
        forkAt_ = run_->steps() / 3;
        fork_ = run_->fork(forkAt_, "pwr:100,fgd:900");
    }

    void niceTicks_data()
    {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<int>("target");
        QTest::addColumn<double>("step");
        QTest::addColumn<double>("min");
        QTest::addColumn<double>("max");
        QTest::addColumn<int>("decimals");
        // step = the raw step (hi - lo) / (target - 1) rounded to 1, 2, 5 or 10 times a power
        // of ten (below 1.5 -> 1, below 3 -> 2, below 7 -> 5); the range widens to whole steps.
        QTest::newRow("percent") << 0.0 << 100.0 << 6 << 20.0 << 0.0 << 100.0 << 0;
        QTest::newRow("130 percent") << 0.0 << 130.0 << 6 << 20.0 << 0.0 << 140.0 << 0;
        QTest::newRow("unit range") << 0.0 << 1.0 << 6 << 0.2 << 0.0 << 1.0 << 1;
        QTest::newRow("raw 1.4 rounds to 1") << 0.3 << 7.3 << 6 << 1.0 << 0.0 << 8.0 << 0;
        QTest::newRow("negative") << -3.2 << 4.1 << 5 << 2.0 << -4.0 << 6.0 << 0;
        QTest::newRow("small") << 0.0 << 0.07 << 6 << 0.01 << 0.0 << 0.07 << 2;
        QTest::newRow("kW") << 180.0 << 1432.3 << 6 << 200.0 << 0.0 << 1600.0 << 0;
        // A flat series gets 10% either side: 900-1100 in steps of 50.
        QTest::newRow("flat") << 1000.0 << 1000.0 << 5 << 50.0 << 900.0 << 1100.0 << 0;
        QTest::newRow("inverted") << 10.0 << 0.0 << 6 << 2.0 << 0.0 << 10.0 << 0;
    }

    void niceTicks()
    {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(int, target);
        QFETCH(double, step);
        QFETCH(double, min);
        QFETCH(double, max);
        QFETCH(int, decimals);
        const NiceTicks t = NiceTicks::compute(lo, hi, target);
        QVERIFY2(std::abs(t.step - step) < 1e-12, qPrintable(QString::number(t.step)));
        QVERIFY2(std::abs(t.min - min) < 1e-9, qPrintable(QString::number(t.min)));
        QVERIFY2(std::abs(t.max - max) < 1e-9, qPrintable(QString::number(t.max)));
        QCOMPARE(t.decimals, decimals);
        QCOMPARE(int(t.values.size()), int(std::lround((max - min) / step)) + 1);
        QVERIFY(std::abs(t.values.front() - min) < 1e-9);
        QVERIFY(std::abs(t.values.back() - max) < 1e-9);
    }

    void colourScaleEndsAtViridisEnds()
    {
        // viridis begins at #440154 and ends at #fde725 (matplotlib's _viridis_data).
        QCOMPARE(ChartColors::sequential(0.0).name(), QStringLiteral("#440154"));
        QCOMPARE(ChartColors::sequential(1.0).name(), QStringLiteral("#fde725"));
        QCOMPARE(ChartColors::sequential(-3.0), ChartColors::sequential(0.0));
        QCOMPARE(ChartColors::sequential(7.0), ChartColors::sequential(1.0));
        // A sequential scale must read in grey too: relative luminance rises along it.
        const auto luminance = [](const QColor& c) {
            const auto linear = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
            return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
        };
        const QList<QColor> stops = ChartColors::sequentialStops(32);
        QCOMPARE(stops.size(), 32);
        for (int i = 1; i < stops.size(); ++i)
            QVERIFY2(luminance(stops[i]) > luminance(stops[i - 1]), qPrintable(QString::number(i)));
    }

    void categoricalColoursAreOkabeIto()
    {
        const QSet<QString> okabeIto{"#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7", "#000000"};
        QSet<QString> seen;
        for (int i = 0; i < ChartColors::categoricalCount(); ++i) {
            const QString name = ChartColors::categorical(i).name();
            QVERIFY2(okabeIto.contains(name), qPrintable(name));
            seen.insert(name);
        }
        QCOMPARE(int(seen.size()), ChartColors::categoricalCount());
        QCOMPARE(ChartColors::categorical(ChartColors::categoricalCount()), ChartColors::categorical(0));
        QVERIFY(ChartColors::darkTheme().background.lightnessF() < 0.3);
        QVERIFY(ChartColors::lightTheme().background.lightnessF() > 0.9);
    }

    void seriesColoursCannotBeTakenForRunColours()
    {
        // A class or GPU model must never look like a run (a fork): every series colour lies
        // plainly apart (ΔE ≥ 25) from every run colour, and the series colours from each other.
        for (int i = 0; i < ChartColors::seriesColorCount(); ++i) {
            const QColor own = ChartColors::seriesColor(i);
            for (int r = 0; r < ChartColors::categoricalCount(); ++r)
                QVERIFY2(deltaE(own, ChartColors::categorical(r)) >= 25,
                         qPrintable(own.name() + " vs " + ChartColors::categorical(r).name()));
            for (int j = 0; j < i; ++j)
                QVERIFY2(deltaE(own, ChartColors::seriesColor(j)) >= 20,
                         qPrintable(own.name() + " vs " + ChartColors::seriesColor(j).name()));
        }
    }

    void forksAreDrawnOnEveryChartDashedAndApartFromTheClasses()
    {
        RunChartOptions options;
        options.fork = forkAt_;
        options.cursor = forkAt_ + 10;
        const RunCharts::Runs runs{run_.get(), fork_.get()};
        const QList<ChartSpec> lines{PodCharts::allocation(runs, options), PodCharts::failedPods(runs, options),
                                     PodCharts::power(runs, options), *PodCharts::powerByModel(runs, options),
                                     PodCharts::fragmentationRate(runs, options)};
        const RunChartFrame frame(runs, options);
        const char* ids[] = {"allocation", "failed-pods", "power", "power-by-model", "fragmentation-rate"};
        for (int c = 0; c < lines.size(); ++c) {
            const ChartSpec& spec = lines[c];
            // Every planned series is drawn; the fork's are there, all dashed, the first run's solid.
            const SeriesPlan::List plan = SeriesPlan::forChart(ids[c], frame);
            QList<ChartSpec::Series> drawn = spec.series;
            drawn.removeIf([](const auto& s) { return s.name == QStringLiteral("every arrived GPU allocated"); });
            QCOMPARE(drawn.size(), plan.size());
            QVERIFY2(std::any_of(plan.begin(), plan.end(), [](const PlannedSeries& p) { return p.run == 1; }),
                     qPrintable(spec.title));
            for (qsizetype i = 0; i < plan.size(); ++i) {
                QCOMPARE(drawn[i].name, plan[i].name);
                QCOMPARE(drawn[i].dashed, plan[i].run == 1);
                QCOMPARE(drawn[i].points.isEmpty(), false);
            }
            QVERIFY2(std::any_of(spec.markers.begin(), spec.markers.end(), [](const auto& m) { return m.label == "fork"; }),
                     qPrintable(spec.title));
        }
        // Classes and models keep their colours in both runs, none of them a run colour.
        for (const ChartSpec& spec : {lines[1], lines[3]})
            for (const ChartSpec::Series& s : spec.series)
                for (int r = 0; r < 2; ++r)
                    QVERIFY2(s.color != ChartColors::categorical(r), qPrintable(spec.title + ": " + s.name));
        // Per-run charts: one panel per run, each at the cursor.
        QCOMPARE(RunCharts::fragmentationHeatmaps(runs, options).size(), 2);
        const QList<ChartSpec> grids = RunCharts::occupancies(runs, options);
        QCOMPARE(grids.size(), 2);
        for (const ChartSpec& grid : grids)
            QVERIFY2(grid.title.startsWith(QStringLiteral("GPU occupancy at decision %1 of").arg(*options.cursor)),
                     qPrintable(grid.title));
    }

    void replayChartsHoldEachValueUntilTheNextEvent()
    {
        RunParameters p;
        p.policy = PolicySpec::parse("fgd");
        p.mode = SimulationMode::Replay;
        const auto replay = PodSchedulingRun::simulate(test::syntheticTrace(30, 300, 9, true), p);
        QCOMPARE(replay->series().info(0).unit, std::string("s"));
        for (const ChartSpec& spec : {PodCharts::allocation({replay.get()}), PodCharts::power({replay.get()}),
                                      PodCharts::fragmentationRate({replay.get()})})
            for (const ChartSpec::Series& s : spec.series)
                QVERIFY2(s.steps == Steps::HeldFromX, qPrintable(spec.title + ": " + s.name));
        // Arrived % changes gradually: an experiment's lines are not stepped, but counts are.
        for (const ChartSpec::Series& s : PodCharts::fragmentationRate({run_.get()}).series)
            QVERIFY(s.steps == Steps::None);
        for (const ChartSpec::Series& s : PodCharts::failedPods({run_.get()}).series)
            QVERIFY(s.steps == Steps::HeldFromX);
    }

    // Walk items 5 and 10: two runs on different traces, exported at one cursor. B's heatmap and
    // occupancy grid were drawn at A's decision number (B "at 101.8 %" while the screen showed
    // it at A's 110 %); they are drawn at the same x, as the screen. And both heatmaps share
    // one colour scale.
    void aSecondRunIsExportedAtTheSameX()
    {
        const auto other = test::simulateRun(test::syntheticTrace(40, 260, 77), "fgd");
        QVERIFY(other->steps() != run_->steps());
        const RunCharts::Runs runs{run_.get(), other.get()};
        RunChartOptions o;
        o.cursor = run_->steps() * 3 / 4;
        o.heatmapColumns = 60;
        const double x = run_->series().column(0)[*o.cursor];
        const size_t matched = other->series().rowAtX(x);
        QVERIFY2(matched != *o.cursor, "the test needs runs whose decisions fall at other x");
        QCOMPARE(chart::matchedPosition(*run_, *o.cursor, *other, false), std::min(matched, other->steps()));

        const QList<ChartSpec> grids = RunCharts::occupancies(runs, o);
        QCOMPARE(grids.size(), 2);
        QVERIFY2(grids[1].title.contains(QStringLiteral("decision %1 of").arg(matched)), qPrintable(grids[1].title));
        const QList<ChartSpec> heat = RunCharts::fragmentationHeatmaps(runs, o, {});
        QCOMPARE(heat.size(), 2);
        const auto cursorOf = [](const ChartSpec& spec) {
            for (const ChartSpec::Marker& m : spec.markers)
                if (m.label == "cursor")
                    return m.x;
            return std::numeric_limits<double>::quiet_NaN();
        };
        QCOMPARE(cursorOf(heat[0]), x);
        QCOMPARE(cursorOf(heat[1]), other->series().column(0)[matched]);
        QVERIFY(std::abs(cursorOf(heat[1]) - x) < std::abs(other->series().column(0)[*o.cursor] - x) + 1e-9);
        QCOMPARE(heat[0].heatmap->legendMax, heat[1].heatmap->legendMax);
        QFile shot(QDir::temp().filePath("tessera-two-traces-heatmaps.png"));  // to look at
        if (shot.open(QIODevice::WriteOnly))
            shot.write(ChartRenderer::render(heat, ChartFormat::Png, QSize(1200, 900)));
        // Walk item 9: the difference chart draws B − A solid; its subtitle said "(dashed)".
        for (const ChartSpec& d : PodCharts::difference(*run_, *other, o)) {
            QVERIFY2(!d.subtitle.contains("dashed") && d.subtitle.contains("B: "), qPrintable(d.subtitle));
            for (const ChartSpec::Series& s : d.series)
                QVERIFY(!s.dashed);
        }
        QVERIFY(PodCharts::power(runs, o).subtitle.contains("(dashed)"));  // where B is dashed, it says so
        // A fork shares its parent's decisions: the same position.
        o.fork = 10;
        QCOMPARE(chart::matchedPosition(*run_, 100, *other, true), size_t(100));
    }

    // Walk item 23: exported heatmaps and occupancy grids left small GPU-model groups (A10,
    // V100M32: one or two nodes among hundreds) unlabelled. Every group is named, in any size.
    void everyHeatmapGroupIsLabelled_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("report panel") << QSize(900, 500);
        QTest::newRow("small") << QSize(500, 260);
    }
    void everyHeatmapGroupIsLabelled()
    {
        QFETCH(QSize, size);
        ChartSpec spec;
        spec.title = QStringLiteral("Fragmentation");
        spec.x = {QStringLiteral("Arrived workload"), QStringLiteral("%"), 0.0, 100.0};
        spec.y.label = QStringLiteral("Nodes by GPU model");
        ChartSpec::Heatmap h;
        const int rows = 600;
        h.image = QImage(50, rows, QImage::Format_RGB32);
        h.image.fill(Qt::white);
        h.xMax = 100;
        h.rowAxisLabel = spec.y.label;
        const QList<std::pair<QString, int>> groups{{"G2", 20}, {"A10", 1}, {"V100M32", 2}, {"T4", 300}, {"P100", 1},
                                                    {"V100M16", 270}, {"K80", 6}};
        int first = 0;
        for (const auto& [name, count] : groups) {
            h.bands.append({name, first, count});
            first += count;
        }
        QCOMPARE(first, rows);
        h.legendLabel = QStringLiteral("Expected fragmentation");
        h.scale = {Qt::white, Qt::black};
        spec.heatmap = h;
        const QString svg = QString::fromUtf8(ChartRenderer::render({spec}, ChartFormat::Svg, size));
        for (const auto& [name, count] : groups)
            QVERIFY2(svg.contains(QStringLiteral(">%1<").arg(name)), qPrintable(name));
        QFile shot(QDir::temp().filePath(QStringLiteral("tessera-heatmap-groups-%1.png").arg(size.width())));  // to look at
        if (shot.open(QIODevice::WriteOnly))
            shot.write(ChartRenderer::render({spec}, ChartFormat::Png, size));
    }

    // Labels pushed apart by LabelStack never overlap and stay inside their room.
    void labelStackSeparatesLabels()
    {
        const std::vector<double> anchors{50, 10, 11, 12, 95, 100};
        const double size = 8;
        const std::vector<double> at = LabelStack::place(anchors, size, 0, 100);
        QCOMPARE(at.size(), anchors.size());
        std::vector<double> sorted = at;
        std::sort(sorted.begin(), sorted.end());
        for (size_t i = 0; i < sorted.size(); ++i) {
            QVERIFY(sorted[i] - size / 2 >= -1e-9 && sorted[i] + size / 2 <= 100 + 1e-9);
            if (i > 0)
                QVERIFY(sorted[i] - sorted[i - 1] >= size - 1e-9);
        }
        QCOMPARE(at[0], 50.0);  // a label with room stays at its anchor
        QVERIFY(at[1] < at[2] && at[2] < at[3]);  // the order of the anchors is kept
    }

    // Walk item 16: the cursor, fork and diverges labels sat on each other, and the box
    // "cursor · fork" crossed the diverges line. Each label is clear of the other labels and of
    // every other marker line, and inside the plot.
    void markerLabelsKeepClearOfEachOtherAndOfOtherLines()
    {
        const QRectF plot(50, 40, 800, 400);
        const QList<double> xs{300, 360, 846, 849};  // cursor · fork, diverges, cursor, an unlabelled line
        const QList<QSizeF> sizes{QSizeF(90, 16), QSizeF(60, 16), QSizeF(60, 16), QSizeF()};
        const QList<QRectF> boxes = PanelPainter::markerLabelBoxes(xs, sizes, plot);
        QCOMPARE(boxes.size(), xs.size());
        QVERIFY(boxes[3].isNull());
        for (qsizetype i = 0; i < 3; ++i) {
            QVERIFY(plot.contains(boxes[i]));
            QCOMPARE(boxes[i].size(), sizes[i]);
            QVERIFY(std::abs(boxes[i].left() - xs[i]) <= 4.5 || std::abs(boxes[i].right() - xs[i]) <= 4.5);  // beside its line
            for (qsizetype j = 0; j < xs.size(); ++j) {
                if (j == i)
                    continue;
                QVERIFY2(!(xs[j] > boxes[i].left() && xs[j] < boxes[i].right()), qPrintable(QStringLiteral("%1 crosses line %2").arg(i).arg(j)));
                QVERIFY2(!boxes[i].intersects(boxes[j]), qPrintable(QStringLiteral("%1 overlaps %2").arg(i).arg(j)));
            }
        }
        // Lines closer than a label is wide: the labels may cross lines, never each other.
        const QList<double> crowded{300, 312, 330, 336};
        const QList<QRectF> stacked = PanelPainter::markerLabelBoxes(crowded, QList<QSizeF>(4, QSizeF(70, 16)), plot);
        for (qsizetype i = 0; i < stacked.size(); ++i) {
            QVERIFY(plot.contains(stacked[i]));
            for (qsizetype j = i + 1; j < stacked.size(); ++j)
                QVERIFY(!stacked[i].intersects(stacked[j]));
        }
    }

    void markersAtOnePlaceShareOneLabel()
    {
        ChartSpec spec = handMadeSpec();
        spec.markers = {{4.0, QStringLiteral("fork")}, {4.001, QStringLiteral("diverges")}, {8.0, QStringLiteral("cursor")}};
        const QByteArray svg = ChartRenderer::render({spec}, ChartFormat::Svg, QSize(900, 500));
        QVERIFY(svg.contains(QStringLiteral(">fork · diverges<").toUtf8()));
        QVERIFY(!svg.contains(">diverges<"));
        QVERIFY(svg.contains(">cursor<"));
    }

    void reportTablesWrapLongValuesAndCutNothing()
    {
        QFont body, head;
        body.setPixelSize(14);
        head.setPixelSize(14);
        head.setBold(true);
        const QString path = QStringLiteral("/home/someone/studies/2026/gpu-datacenter/openb_pod_list_gpuspec33.csv");
        const ReportTable::Rows rows{{QStringLiteral("Parameter"), QStringLiteral("A: fgd:1000 · seed 42")},
                                     {QStringLiteral("pods"), path},
                                     {QStringLiteral("seed"), QStringLiteral("42")}};
        for (double width : {1200.0, 420.0, 260.0}) {
            const ReportTable table(rows, body, head, width);
            QVERIFY2(table.width() <= width + 1e-6, qPrintable(QString::number(width)));
            QCOMPARE(table.cells().size(), 6);
            for (qsizetype i = 0; i < table.cells().size(); ++i) {
                const auto& cell = table.cells()[i];
                QCOMPARE(cell.lines.join(QString()), rows[i / 2][i % 2]);  // every character kept
                for (const QString& line : cell.lines)
                    QVERIFY2(QFontMetricsF(table.fontOf(cell)).horizontalAdvance(line) <= table.textWidth(cell) + 1e-6,
                             qPrintable(line));
            }
            QCOMPARE(table.cells()[0].lines, QStringList{QStringLiteral("Parameter")});  // short headers stay whole
        }
        // Narrow, the path breaks after a '/'.
        const ReportTable narrow(rows, body, head, 260);
        QVERIFY(narrow.cells()[3].lines.size() > 1);
        QVERIFY(narrow.cells()[3].lines.first().endsWith('/'));
    }

    void formats()
    {
        QCOMPARE(parseChartFormat("png"), std::optional(ChartFormat::Png));
        QCOMPARE(parseChartFormat("SVG"), std::optional(ChartFormat::Svg));
        QCOMPARE(parseChartFormat("pdf"), std::optional(ChartFormat::Pdf));
        QVERIFY(!parseChartFormat("jpeg"));
        QCOMPARE(chartFormatOfPath("/tmp/a.report.PDF"), std::optional(ChartFormat::Pdf));
        QVERIFY(!chartFormatOfPath("/tmp/chart"));
    }

    void everyChartRendersToANonBlankPng()
    {
        const QList<ChartSpec> charts = RunCharts::all({run_.get(), fork_.get()});
        // allocation, failed, power, by-model ×2, frag rate, heatmap ×2, occupancy ×2, 3 differences
        QVERIFY2(charts.size() >= 10, qPrintable(QString::number(charts.size())));
        const ChartTheme theme = ChartColors::lightTheme();
        // Kept beside the test for review: build/tests/views/chart-review/NN.png.
        const QString review = QCoreApplication::applicationDirPath() + QStringLiteral("/chart-review");
        QDir().mkpath(review);
        for (int i = 0; i < charts.size(); ++i) {
            const ChartSpec& spec = charts[i];
            const QByteArray png = ChartRenderer::render({spec}, ChartFormat::Png, QSize(900, 560), theme);
            test::writeBytes(QStringLiteral("%1/%2.png").arg(review).arg(i, 2, 10, QLatin1Char('0')), png);
            const QImage image = QImage::fromData(png, "PNG");
            QVERIFY2(!image.isNull(), qPrintable(spec.title));
            QCOMPARE(image.size(), QSize(900, 560));
            const PixelStats s = statsOf(image, theme.background);
            QVERIFY2(s.distinctColors >= 6, qPrintable(QStringLiteral("%1: %2 colours").arg(spec.title).arg(s.distinctColors)));
            QVERIFY2(s.nonBackgroundShare > 0.03,
                     qPrintable(QStringLiteral("%1: %2 drawn").arg(spec.title).arg(s.nonBackgroundShare)));
            // Every axis names its unit: in brackets, or as a word of its label ("Failed pods").
            const auto namesUnit = [](const ChartSpec::Axis& axis) {
                return !axis.unit.isEmpty() && axis.title().contains(axis.unit, Qt::CaseInsensitive);
            };
            QVERIFY2(!spec.x.visible || namesUnit(spec.x), qPrintable(spec.title));
            if (!spec.heatmap)
                QVERIFY2(namesUnit(spec.y), qPrintable(spec.title + ": y axis without unit"));
        }
    }

    void darkThemePaintsADarkBackground()
    {
        const ChartTheme dark = ChartColors::darkTheme();
        const QImage image = QImage::fromData(
            ChartRenderer::render({PodCharts::allocation({run_.get()})}, ChartFormat::Png, QSize(400, 300), dark), "PNG");
        QCOMPARE(QColor(image.pixel(1, 1)), dark.background);
    }

    void savesPngSvgAndPdfFiles()
    {
        RunChartOptions options;
        options.fork = forkAt_;
        const ChartSpec spec = PodCharts::allocation({run_.get(), fork_.get()}, options);
        const QString base = dir_.filePath(QStringLiteral("allocation."));
        ChartRenderer::save(spec, base + "png", ChartFormat::Png, QSize(1600, 1000));
        ChartRenderer::save(spec, base + "svg", ChartFormat::Svg, QSize(1600, 1000));
        ChartRenderer::save(spec, base + "pdf", ChartFormat::Pdf, QSize(1600, 1000));
        QCOMPARE(QImage(base + "png").size(), QSize(1600, 1000));

        QFile svg(base + "svg");
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QByteArray text = svg.readAll();
        QVERIFY(text.contains("<path"));
        QVERIFY(text.contains("Arrived workload (%)"));
        QVERIFY(text.contains("GPU allocation (%)"));
        QVERIFY(text.contains(">fork<"));

        QFile pdf(base + "pdf");
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        const QByteArray bytes = pdf.readAll();
        QVERIFY(bytes.startsWith("%PDF"));
        QCOMPARE(pdfPageCount(bytes), 1);
    }

    void unwritablePathIsAClearError()
    {
        const QString path = dir_.filePath(QStringLiteral("no/such/folder/chart.png"));
        try {
            ChartRenderer::save(handMadeSpec(), path, ChartFormat::Png, QSize(300, 200));
            QFAIL("no error for an unwritable path");
        } catch (const ChartError& e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(path), e.what());
        }
        QVERIFY_THROWS_EXCEPTION(ChartError, ChartRenderer::render({handMadeSpec()}, ChartFormat::Png, QSize(10, 10)));
    }

    void reportHasATitlePageAndTwoChartsPerPage()
    {
        const QList<ChartSpec> charts = RunCharts::all({run_.get(), fork_.get()});
        const QByteArray two = ReportWriter::render({run_.get(), fork_.get()}, charts);
        QVERIFY(two.startsWith("%PDF"));
        QCOMPARE(pdfPageCount(two), 1 + (int(charts.size()) + 1) / 2);
        const QByteArray one = ReportWriter::render({run_.get()}, charts.mid(0, 3), ReportWriter::Layout::OnePerPage);
        QCOMPARE(pdfPageCount(one), 4);
        const QString path = dir_.filePath(QStringLiteral("report.pdf"));
        ReportWriter::write(path, {run_.get(), fork_.get()}, charts);
        QFile::remove(QCoreApplication::applicationDirPath() + QStringLiteral("/chart-review/report.pdf"));
        QFile::copy(path, QCoreApplication::applicationDirPath() + QStringLiteral("/chart-review/report.pdf"));
        QVERIFY(QFileInfo(path).size() > 1000);
    }

    void csvKeepsToTheVisibleRangeWithDotDecimals()
    {
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        const QByteArray csv = ChartCsv::toCsv(handMadeSpec(), std::pair(2.0, 5.0));
        QLocale::setDefault(before);
        const QList<QByteArray> lines = csv.trimmed().split('\n');
        QCOMPARE(lines.size(), 5);  // header and x = 2, 3, 4, 5
        QCOMPARE(lines[0], QByteArray("Arrived workload (%),CPU (kW),\"GPU, total (kW)\""));
        QCOMPARE(lines[1], QByteArray("2,1,104.5"));
        QCOMPARE(lines[4], QByteArray("5,2.5,111.25"));
        QCOMPARE(ChartCsv::toCsv(handMadeSpec()).trimmed().split('\n').size(), 12);
    }

    // Walk item 23: runs on different traces are sampled at different x. The CSV has one x grid
    // with every run's value at every x inside its range (held from its last point), and every
    // column names its run and unit.
    void csvOfTwoTracesHasOneGridWithoutHolesAndNamesTheRuns()
    {
        const auto other = test::simulateRun(test::syntheticTrace(40, 260, 77), "fgd");
        const ChartSpec spec = PodCharts::power({run_.get(), other.get()});
        const QList<QByteArray> lines = ChartCsv::toCsv(spec).trimmed().split('\n');
        const QStringList header = QString::fromUtf8(lines[0]).split(QLatin1Char(','));
        QCOMPARE(header.size(), spec.series.size() + 1);
        bool sawB = false;
        for (int c = 1; c < header.size(); ++c) {
            QVERIFY2(header[c].endsWith(QStringLiteral(" (kW)")), qPrintable(header[c]));
            const bool a = header[c].contains(QStringLiteral(" · A ")), b = header[c].contains(QStringLiteral(" · B "));
            QVERIFY2(a != b, qPrintable(header[c]));
            sawB = sawB || b;
        }
        QVERIFY(sawB);
        QVERIFY(header[1].startsWith(QStringLiteral("CPU power · A")));
        // Each column: filled from its series' first x to its last, no hole in between.
        QList<QList<QByteArray>> rows;
        for (int r = 1; r < lines.size(); ++r)
            rows << lines[r].split(',');
        int bothFilled = 0;
        for (int c = 1; c < header.size(); ++c) {
            const auto& points = spec.series[c - 1].points;
            for (const auto& row : rows) {
                const double x = row[0].toDouble();  // 12 digits: compare x within their rounding
                const double eps = 1e-9 * std::max(1.0, std::abs(x));
                const bool inRange = x >= points.first().x() - eps && x <= points.last().x() + eps;
                QCOMPARE(row[c].isEmpty(), !inRange);
                if (inRange) {  // the held value: the last point at or before x
                    double held = points.first().y();
                    for (const QPointF& p : points)
                        if (p.x() <= x + eps)
                            held = p.y();
                    QCOMPARE(row[c].toDouble(), QByteArray::number(held, 'g', 12).toDouble());
                }
            }
        }
        for (const auto& row : rows)
            bothFilled += std::none_of(row.begin() + 1, row.end(), [](const QByteArray& f) { return f.isEmpty(); });
        QVERIFY(rows.size() > spec.series.first().points.size());  // B's own x are rows too
        QVERIFY2(bothFilled * 10 > rows.size() * 5, qPrintable(QStringLiteral("%1 of %2").arg(bothFilled).arg(rows.size())));
    }

    void zoomLimitsTheSeriesAndTheAxis()
    {
        RunChartOptions zoom;
        zoom.from = run_->steps() / 4;
        zoom.to = run_->steps() / 2;
        const ChartSpec spec = PodCharts::allocation({run_.get()}, zoom);
        const auto x = run_->series().column(0);
        QCOMPARE(*spec.x.min, x[*zoom.from]);
        QCOMPARE(*spec.x.max, x[*zoom.to]);
        // The run's line (the diagonal of every arrived GPU allocated is a reference, not data).
        const auto line = std::find_if(spec.series.begin(), spec.series.end(), [&](const ChartSpec::Series& s) {
            return s.name == QString::fromStdString(run_->info().name);
        });
        QVERIFY(line != spec.series.end());
        QVERIFY(!line->points.isEmpty());
        for (const QPointF& p : line->points)
            QVERIFY(p.x() >= x[*zoom.from] && p.x() <= x[*zoom.to]);
        QCOMPARE(line->points.last().y(), run_->series().value("alloc_pct", *zoom.to));
    }

    void powerByModelAddsUpToGpuPower()
    {
        // A pod-scheduling run records every GPU model's power: a missing chart is a regression.
        const auto byModel = PodCharts::powerByModel({run_.get()});
        QVERIFY(byModel);
        QVERIFY(!byModel->series.isEmpty());
        const ChartSpec power = PodCharts::power({run_.get()});
        const auto gpu = std::find_if(power.series.begin(), power.series.end(),
                                      [](const auto& s) { return s.name == QStringLiteral("GPU power"); });
        QVERIFY(gpu != power.series.end());
        QCOMPARE(gpu->style, ChartSpec::SeriesStyle::StackedArea);
        const MetricSeries& series = run_->series();
        const auto x = series.column(0);
        for (int i = 0; i < gpu->points.size(); i += 17) {
            double sum = 0;
            for (const auto& s : byModel->series)
                sum += s.points[i].y();
            // The point is the core's GPU power at a position of its x, and the models add up to it.
            const auto [first, last] = std::equal_range(x.begin(), x.end(), gpu->points[i].x());
            QVERIFY(std::any_of(first, last, [&](const double& at) {
                return series.value("gpu_power_kw", size_t(&at - x.data())) == gpu->points[i].y();
            }));
            QVERIFY2(std::abs(sum - gpu->points[i].y()) < 1e-6, qPrintable(QString::number(i)));
        }
    }

    void differenceOfARunWithItselfIsZero()
    {
        for (const ChartSpec& spec : PodCharts::difference(*run_, *run_)) {
            QVERIFY(!spec.series.first().points.isEmpty());
            for (const QPointF& p : spec.series.first().points)
                QCOMPARE(p.y(), 0.0);
        }
        QVERIFY(!RunCharts::divergence(*run_, *run_));
        const auto diverges = RunCharts::divergence(*run_, *fork_);
        QVERIFY(diverges);
        QVERIFY(*diverges > forkAt_);  // the branches share every state up to the fork
    }

    void heatmapsCoverEveryNodeWithGpus()
    {
        size_t withGpus = 0, cells = 0;
        for (const auto& g : run_->layout().groups) {
            withGpus += g.cellCount > 0;
            cells += g.cellCount;
        }
        const ChartSpec frag = RunCharts::fragmentationHeatmap(*run_);
        QVERIFY(frag.heatmap);
        QCOMPARE(size_t(frag.heatmap->image.height()), withGpus);
        QCOMPARE(size_t(frag.heatmap->rowNames.size()), withGpus);

        const ChartSpec occupancy = RunCharts::occupancy(*run_, run_->steps());
        size_t finite = 0;
        double used = 0;
        for (float v : occupancy.heatmap->values)
            if (std::isfinite(v)) {
                ++finite;
                used += v / 100.0;
            }
        QCOMPARE(finite, cells);
        QCOMPARE(size_t(run_->layout().cellCount), cells);
        // The used shares add up to the used GPU milli the run recorded.
        const auto& s = run_->result().timeline.sampleAt(run_->steps());
        QVERIFY(std::abs(used - double(run_->result().capacityMilli - s.gpuLeftMilli) / 1000.0) < 1e-2);
    }
};

QTEST_MAIN(TestChartRenderer)
#include "tst_chartrenderer.moc"
