// The sweep's chart as a figure (walk15, issue 15 Done-when: "plots power saved AND allocation at
// 130 % against the weight"): two metrics in one figure of stacked panels on one x axis, on
// screen and in the exported file; bands light, under every line, each one path, and hidden on
// request; the last weight's points drawn whole; the filters and the grid point in the figure's
// words; a legend keying line and band.
#include "chart/ChartColors.h"
#include "chart/ChartLegend.h"
#include "chart/ChartRenderer.h"
#include "sweep/SweepChartPanels.h"
#include "sweep/SweepCurves.h"

#include <QImage>
#include <QPainter>
#include <QRegularExpression>
#include <QTest>

using namespace tessera;
using namespace tessera::views;

namespace {

const QStringList kTraces{QStringLiteral("default.csv"), QStringLiteral("gpushare40.csv"),
                          QStringLiteral("gpuspec20.csv"), QStringLiteral("multigpu20.csv")};

// Four traces swept over the PWR weight 0..1000 / 100 with three seeds; each trace's and
// seed's weight-0 run is the baseline of its power saving. The runs' ranges overlap.
std::vector<SweepRun> sweep()
{
    std::vector<SweepRun> runs;
    for (int t = 0; t < kTraces.size(); ++t)
        for (int seed = 0; seed < 3; ++seed) {
            const size_t baseline = runs.size();
            for (int64_t w = 0; w <= 1000; w += 100) {
                SweepRun run;
                run.source = t;
                run.runNumber = int64_t(runs.size());
                run.trace = kTraces[t];
                run.policy = QStringLiteral("pwr:%1,fgd:%2").arg(w).arg(1000 - w);
                run.weights = {{QStringLiteral("pwr"), w}, {QStringLiteral("fgd"), 1000 - w}};
                run.seed = uint64_t(42 + seed);
                run.mode = QStringLiteral("experiment");
                run.baseline = baseline;
                run.points = {SweepPoint{130, 95.4 - double(w) * 0.004 - seed * 0.3 + t * 0.1, 1, 1,
                                         1400 - double(w) * 0.07 - seed * 8 - t * 2, 0}};
                runs.push_back(run);
            }
        }
    return runs;
}

SweepCurves curvesOf(const std::vector<SweepRun>& runs, SweepMetric::Kind metric)
{
    std::vector<size_t> rows(runs.size());
    for (size_t i = 0; i < rows.size(); ++i)
        rows[i] = i;
    return SweepCurves::compute(runs, rows, SweepParameter(SweepParameter::Kind::Weight, QStringLiteral("pwr")),
                                SweepParameter(SweepParameter::Kind::Trace), kTraces, SweepMetric(metric), 130, {});
}

QList<chart::ChartSpec> powerAndAllocation(const SweepChartPanels::Options& options = {})
{
    const std::vector<SweepRun> runs = sweep();
    return SweepChartPanels::build(
        {curvesOf(runs, SweepMetric::Kind::PowerSaved), curvesOf(runs, SweepMetric::Kind::Allocation)}, options);
}

QString svgOf(const QList<chart::ChartSpec>& panels)
{
    return QString::fromUtf8(chart::ChartRenderer::render(panels, chart::ChartFormat::Svg, QSize(1600, 1000)));
}

// The SVG's shapes filled in a band's colour (ChartLegend::bandFill), in document order: the
// bands' keys in the legend and the bands in the plot. QSvgGenerator puts each fill in a group
// that names its colour and opacity.
QStringList bandElements(const QString& svg)
{
    QStringList found;
    static const QRegularExpression group(QStringLiteral("<g ([^>]*)>(.*?)</g>"),
                                          QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression shape(QStringLiteral("<(path|rect|polygon|polyline)[^>]*>"));
    const QString opacity = QStringLiteral("fill-opacity=\"%1").arg(chart::ChartLegend::kBandOpacity);
    for (auto it = group.globalMatch(svg); it.hasNext();) {
        const auto g = it.next();
        if (!g.captured(1).contains(opacity))
            continue;
        for (auto e = shape.globalMatch(g.captured(2)); e.hasNext();)
            found << e.next().captured(0);
    }
    return found;
}

}  // namespace

class TestSweepChart : public QObject {
    Q_OBJECT

private slots:
    // Power saved and allocation in one figure: two panels, each titled by its metric and the
    // grid point, its y axis naming the metric, the grid point and the unit; one x range.
    void twoMetricsMakeOneFigureOfTwoPanels()
    {
        const QList<chart::ChartSpec> panels = powerAndAllocation();
        QCOMPARE(panels.size(), 2);
        QCOMPARE(panels[0].title, QStringLiteral("Power saved at 130 % arrived vs PWR weight"));
        QCOMPARE(panels[1].title, QStringLiteral("GPU allocation at 130 % arrived vs PWR weight"));
        QCOMPARE(panels[0].y.title(), QStringLiteral("Power saved at 130 % (kW)"));
        QCOMPARE(panels[1].y.title(), QStringLiteral("GPU allocation at 130 % (%)"));
        QCOMPARE(panels[0].x.title(), QStringLiteral("PWR weight"));
        QCOMPARE(panels[0].x.min, panels[1].x.min);
        QCOMPARE(panels[0].x.max, panels[1].x.max);
        const QString svg = svgOf(panels);
        for (const QString& text : {panels[0].title, panels[1].title, panels[0].y.title(), panels[1].y.title()})
            QVERIFY2(svg.contains(text.toHtmlEscaped()), qPrintable(text));
        // The legend once, in the first panel: every trace named there, none twice.
        for (const QString& trace : kTraces) {
            QCOMPARE(svg.count(trace), 1);
            QVERIFY(panels[0].series.size() == 4 && !panels[0].series[kTraces.indexOf(trace)].name.isEmpty());
        }
        for (const auto& s : panels[1].series)
            QVERIFY(s.name.isEmpty());
        // Both plots share their left and right edges: one x axis read down the figure.
        QImage image(1600, 1000, QImage::Format_ARGB32_Premultiplied);
        QPainter painter(&image);
        const QList<QRectF> plots =
            chart::ChartRenderer::paint(painter, QRectF(0, 0, 1600, 1000), panels, chart::ChartColors::lightTheme());
        QCOMPARE(plots.size(), 2);
        QCOMPARE(plots[0].left(), plots[1].left());
        QCOMPARE(plots[0].right(), plots[1].right());
        QVERIFY(plots[0].bottom() <= plots[1].top());
    }

    // Four overlapping bands: each one closed path of a light fill, every one under every line,
    // so the first trace's line is not hidden under the last trace's band.
    void bandsAreLightOnePathEachAndUnderTheLines()
    {
        const QList<chart::ChartSpec> one = {powerAndAllocation().first()};
        QVERIFY(chart::ChartLegend::kBandOpacity <= 0.2);
        const QString svg = svgOf(one);
        const QStringList bands = bandElements(svg);
        // The 4 legend keys, then the 4 bands in the plot, each one closed path with no outline:
        // a band drawn in pieces would add shapes or subpaths.
        QCOMPARE(bands.size(), 8);
        for (int i = 4; i < 8; ++i) {
            QVERIFY2(bands[i].startsWith(QStringLiteral("<path")), qPrintable(bands[i]));
            QCOMPARE(bands[i].count(QLatin1Char('M')), 1);
        }
        // Every band before the first line of the plot (its series' strokes follow the bands).
        const qsizetype lastBand = svg.indexOf(bands[7]);
        static const QRegularExpression stroke(QStringLiteral("<g fill=\"none\" stroke=\"#[0-9a-f]+\" stroke-opacity=\"1\" stroke-width=\"([0-9.]+)\""));
        qsizetype firstLine = -1;
        for (auto it = stroke.globalMatch(svg); it.hasNext();) {
            const auto m = it.next();
            if (m.capturedStart() > svg.indexOf(bands[3]) && m.captured(1).toDouble() > 2) {
                firstLine = m.capturedStart();
                break;
            }
        }
        QVERIFY(firstLine > 0);
        QVERIFY2(firstLine > lastBand, qPrintable(QStringLiteral("line at %1, last band at %2").arg(firstLine).arg(lastBand)));
    }

    // Under the table at 1280 x 800 the chart's area is wide and low: the panels go side by side
    // (stacked, each plot was a few pixels high), their plots' tops and bottoms level; in a
    // file of 1600 x 1000 they stack. A y axis title too long for its plot keeps its unit.
    void panelsGoSideBySideInAWideLowArea()
    {
        using Arrangement = chart::ChartRenderer::Arrangement;
        QCOMPARE(SweepChartPanels::arrangementFor(QSizeF(918, 290), 2), Arrangement::SideBySide);
        QCOMPARE(SweepChartPanels::arrangementFor(QSizeF(1600, 1000), 2), Arrangement::Stacked);
        QCOMPARE(SweepChartPanels::arrangementFor(QSizeF(918, 290), 1), Arrangement::Stacked);
        const QList<chart::ChartSpec> panels = powerAndAllocation();
        QImage image(918, 290, QImage::Format_ARGB32_Premultiplied);
        QPainter painter(&image);
        const QList<QRectF> plots = chart::ChartRenderer::paintOnScreen(
            painter, QRectF(0, 0, 918, 290), panels, chart::ChartColors::lightTheme(), Arrangement::SideBySide);
        QCOMPARE(plots.size(), 2);
        QVERIFY(plots[0].right() < plots[1].left());
        QCOMPARE(plots[0].top(), plots[1].top());
        QCOMPARE(plots[0].bottom(), plots[1].bottom());
        QVERIFY2(plots[0].height() > 100, qPrintable(QString::number(plots[0].height())));
        const QString svg = QString::fromUtf8(
            chart::ChartRenderer::render(panels, chart::ChartFormat::Svg, QSize(640, 160), chart::ChartColors::lightTheme(),
                                         Arrangement::SideBySide));
        QVERIFY(!svg.contains(panels[0].y.title()));  // cut to the plot's height…
        QVERIFY(svg.contains(QStringLiteral("… (kW)")));  // …keeping its unit
        QVERIFY(svg.contains(QStringLiteral("… (%)")));
    }

    // Bands off: no band, nor a word of one.
    void bandsCanBeHidden()
    {
        SweepChartPanels::Options options;
        options.bands = false;
        const QList<chart::ChartSpec> panels = powerAndAllocation(options);
        for (const auto& panel : panels)
            for (const auto& s : panel.series)
                QVERIFY(s.band.empty());
        QVERIFY(!panels[0].subtitle.contains(QStringLiteral("band")));
        QVERIFY(panels[0].subtitle.contains(QStringLiteral("mean over the 3 runs")));
        QVERIFY(bandElements(svgOf(panels)).isEmpty());
        QVERIFY(powerAndAllocation()[0].subtitle.contains(QStringLiteral("band: min–max")));
        // One run at each point (seed 42 alone): no band, nor its key in the legend.
        const std::vector<SweepRun> runs = sweep();
        std::vector<size_t> rows;
        for (size_t i = 0; i < runs.size(); ++i)
            if (runs[i].seed == 42)
                rows.push_back(i);
        const SweepCurves one = SweepCurves::compute(
            runs, rows, SweepParameter(SweepParameter::Kind::Weight, QStringLiteral("pwr")),
            SweepParameter(SweepParameter::Kind::Trace), kTraces, SweepMetric(SweepMetric::Kind::Allocation), 130, {});
        const QList<chart::ChartSpec> single = SweepChartPanels::build({one}, {});
        for (const auto& s : single[0].series)
            QVERIFY(s.band.empty());
        QVERIFY(bandElements(svgOf(single)).isEmpty());
        QVERIFY(single[0].subtitle.contains(QStringLiteral("one run at each PWR weight")));
    }

    // The points at the first and last weight lie inside the plot with room for their dots,
    // in both panels; so do the highest and lowest values (power saved at 0 on its zero line).
    void endPointsAreDrawnWhole()
    {
        const QList<chart::ChartSpec> panels = powerAndAllocation();
        QImage image(1280, 400, QImage::Format_ARGB32_Premultiplied);
        QPainter painter(&image);
        const QList<QRectF> plots = chart::ChartRenderer::paintOnScreen(painter, QRectF(0, 0, 1280, 400), panels,
                                                                        chart::ChartColors::lightTheme());
        for (int i = 0; i < panels.size(); ++i) {
            const chart::ChartSpec& spec = panels[i];
            QVERIFY(spec.x.min && spec.x.max && spec.y.min && spec.y.max);
            double lo = 1e300, hi = -1e300, xlo = 1e300, xhi = -1e300;  // band's, points' x
            for (const auto& s : spec.series) {
                for (const QPointF& p : s.points) {
                    xlo = std::min(xlo, p.x());
                    xhi = std::max(xhi, p.x());
                }
                for (const auto& [low, high] : s.band) {
                    lo = std::min(lo, low);
                    hi = std::max(hi, high);
                }
            }
            QCOMPARE(xhi, 1000.0);
            const QRectF& plot = plots[i];
            const auto px = [&](double x) { return plot.left() + (x - *spec.x.min) / (*spec.x.max - *spec.x.min) * plot.width(); };
            const auto py = [&](double y) { return plot.bottom() - (y - *spec.y.min) / (*spec.y.max - *spec.y.min) * plot.height(); };
            // A dot's radius is under 3 px at the screen's text size; a band's edge inside the plot.
            QVERIFY2(plot.right() - px(xhi) >= 3, qPrintable(QString::number(plot.right() - px(xhi))));
            QVERIFY2(px(xlo) - plot.left() >= 3, qPrintable(QString::number(px(xlo) - plot.left())));
            for (const auto& s : spec.series)
                for (const QPointF& p : s.points) {
                    QVERIFY2(py(p.y()) - plot.top() >= 3, qPrintable(QString::number(py(p.y()) - plot.top())));
                    QVERIFY2(plot.bottom() - py(p.y()) >= 3, qPrintable(QString::number(plot.bottom() - py(p.y()))));
                }
            QVERIFY(py(hi) >= plot.top() && py(lo) <= plot.bottom());
        }
        QVERIFY(*panels[0].y.min < 0);  // power saved from 0, its weight-0 points above the axis
    }

    // The filters in the figure's subtitle, so an exported figure says which runs it shows.
    void filtersAreInTheSubtitle()
    {
        QCOMPARE(SweepChartPanels::filterText({{QStringLiteral("Seed"), {QStringLiteral("42")}},
                                               {QStringLiteral("Policy"), {}},
                                               {QStringLiteral("Trace"), {QStringLiteral("a.csv"), QStringLiteral("b.csv"),
                                                                          QStringLiteral("c.csv")}}}),
                 QStringLiteral("Seed = 42; Trace = a.csv, b.csv or c.csv"));
        QCOMPARE(SweepChartPanels::filterText({{QStringLiteral("Seed"), {}}}), QString());
        SweepChartPanels::Options options;
        options.filterText = QStringLiteral("Seed = 42");
        const QList<chart::ChartSpec> panels = powerAndAllocation(options);
        QVERIFY2(panels[0].subtitle.startsWith(QStringLiteral("Filter: Seed = 42 · ")), qPrintable(panels[0].subtitle));
        QVERIFY(svgOf(panels).contains(QStringLiteral("Filter: Seed = 42")));
        QVERIFY(!powerAndAllocation()[0].subtitle.contains(QStringLiteral("Filter")));
    }
    // review16 H6: a mean "over seeds" must not pool runs that differ in something else. With
    // no group, the four traces' runs at one weight differ in Trace; a plain bestfit beside the
    // grid counts as PWR weight 0 and differs in Policy. Grouped by trace, one trace's runs at a
    // weight differ in the seed alone: nothing pooled.
    void runsDifferingBeyondTheSeedAreNotPooled()
    {
        std::vector<SweepRun> runs = sweep();
        std::vector<size_t> rows(runs.size());
        for (size_t i = 0; i < rows.size(); ++i)
            rows[i] = i;
        const SweepParameter x(SweepParameter::Kind::Weight, QStringLiteral("pwr"));
        const SweepParameter trace(SweepParameter::Kind::Trace);
        const SweepParameter policy(SweepParameter::Kind::Policy);
        const SweepMetric allocation(SweepMetric::Kind::Allocation);
        QVERIFY(SweepCurves::compute(runs, rows, x, trace, kTraces, allocation, 130, {}, {policy}).pooled.isEmpty());
        const SweepCurves ungrouped =
            SweepCurves::compute(runs, rows, x, std::nullopt, {}, allocation, 130, {}, {trace, policy});
        QCOMPARE(ungrouped.pooled, QStringList{trace.title()});

        SweepRun bestfit = runs.front();
        bestfit.runNumber = int64_t(runs.size());
        bestfit.policy = QStringLiteral("bestfit:1000");
        bestfit.weights = {{QStringLiteral("bestfit"), 1000}};
        runs.push_back(bestfit);
        rows.push_back(runs.size() - 1);
        const SweepCurves mixed = SweepCurves::compute(runs, rows, x, trace, kTraces, allocation, 130, {}, {policy});
        QCOMPARE(mixed.pooled, QStringList{policy.title()});
    }
};

QTEST_MAIN(TestSweepChart)
#include "tst_sweepchart.moc"
