// walk14 W20: export colours on white paper. Pale series ("Budget in force", a run's lighter
// shade of orange; "Δ jobs completed" in Tol's sand; Okabe–Ito's yellow) were hard to read on
// white, and the per-type heatmap drew 0 as viridis' bright yellow, so that its empty area, most
// of the chart, was loud. One palette rule now draws every series in at least WCAG's 3:1 against
// the chart's background (ChartColors::legibleOn, in the painter and its legend), and a heatmap's
// empty cell as the occupancy grid's (ChartColors::heatCell).
#include "chart/ChartColors.h"
#include "chart/ChartFormat.h"
#include "chart/ChartRenderer.h"
#include "chart/FragmentationHeatmap.h"
#include "chart/rental/FrontierChart.h"
#include "run/RunKindRegistry.h"
#include "training/rental-kind/TrainingRentalRun.h"

#include <QRegularExpression>
#include <QTest>

#include <set>

using namespace tessera;
using namespace tessera::chart;

namespace {

// Every colour a chart gives a series: runs, their shades, categories and the frontier's policies.
QList<QColor> seriesColours()
{
    QList<QColor> colours;
    for (int i = 0; i < ChartColors::categoricalCount(); ++i) {
        const QColor run = ChartColors::categorical(i);
        colours << run << ChartColors::runShade(run, 1) << ChartColors::runShade(run, 2);
        for (int k = 0; k < 4; ++k)
            colours << ChartColors::runShades(run, k);
    }
    for (int i = 0; i < ChartColors::seriesColorCount(); ++i)
        colours << ChartColors::seriesColor(i);
    for (const RunKindPolicy& p : RunKindRegistry::kind(TrainingRentalRun::kKind).policies())
        colours << FrontierChart::policyColor(p.spec);
    colours << ChartColors::referenceLine();
    return colours;
}

}  // namespace

class TestExportColours : public QObject {
    Q_OBJECT

private slots:
    void contrastIsWcags()
    {
        QCOMPARE(ChartColors::contrast(Qt::black, Qt::white), 21.0);
        QCOMPARE(ChartColors::contrast(Qt::white, Qt::white), 1.0);
        // #777777 on white is 4.48:1 (WCAG's own example of a grey just under 4.5).
        QVERIFY(std::abs(ChartColors::contrast(QColor(0x77, 0x77, 0x77), Qt::white) - 4.48) < 0.01);
    }

    // Every series colour, as drawn, reads on the light theme's paper and on the dark theme's
    // background, keeps its hue, and is itself when it already read.
    void everySeriesColourReadsOnBothBackgrounds()
    {
        int changed = 0;
        for (const ChartTheme& theme : {ChartColors::lightTheme(), ChartColors::darkTheme()})
            for (const QColor& c : seriesColours()) {
                const QColor drawn = ChartColors::legibleOn(c, theme.background);
                const QByteArray what = c.name().toLatin1() + (theme.dark ? " on dark" : " on light");
                QVERIFY2(ChartColors::contrast(drawn, theme.background) >= ChartColors::kMinContrast - 1e-6, what);
                if (ChartColors::contrast(c, theme.background) >= ChartColors::kMinContrast) {
                    QVERIFY2(drawn == c, what);
                } else {
                    ++changed;
                    if (c.toHsl().hslSaturationF() > 0.05)
                        QVERIFY2(std::abs(drawn.toHsl().hslHueF() - c.toHsl().hslHueF()) < 0.02, what);
                    // No further than needed: a step back would not read.
                    QVERIFY2(ChartColors::contrast(drawn, theme.background) < ChartColors::kMinContrast + 0.15, what);
                }
            }
        QVERIFY(changed > 0);  // the walk's pale ones were there to fix
    }

    // The export path: a chart of pale series written as SVG holds their legible colours, in the
    // lines and in the legend, never the pale ones.
    void anExportDrawsPaleSeriesLegibly()
    {
        const QList<QColor> pale{ChartColors::categorical(6),                            // Okabe–Ito yellow
                                 ChartColors::seriesColor(4),                            // Tol's sand
                                 ChartColors::runShade(ChartColors::categorical(4), 1)};  // pale orange
        ChartSpec spec;
        spec.title = QStringLiteral("pale");
        spec.x = {QStringLiteral("x"), QStringLiteral("h")};
        spec.y = {QStringLiteral("y"), QStringLiteral("GPUs")};
        for (int i = 0; i < pale.size(); ++i) {
            ChartSpec::Series s;
            s.name = QStringLiteral("series %1").arg(i);
            s.color = pale[i];
            s.style = i == 2 ? ChartSpec::SeriesStyle::Points : ChartSpec::SeriesStyle::Line;
            s.points = {QPointF(0, i + 1), QPointF(1, i + 2)};
            spec.series << s;
        }
        const QString svg = QString::fromUtf8(
            ChartRenderer::render({spec}, ChartFormat::Svg, QSize(900, 600), ChartColors::lightTheme()));
        const QColor paper = ChartColors::lightTheme().background;
        for (const QColor& c : pale) {
            QVERIFY2(ChartColors::contrast(c, paper) < ChartColors::kMinContrast, qPrintable(c.name()));
            QVERIFY2(!svg.contains(c.name(), Qt::CaseInsensitive), qPrintable(c.name()));
            // At least twice: the series and its legend key.
            QVERIFY2(svg.count(ChartColors::legibleOn(c, paper).name(), Qt::CaseInsensitive) >= 2, qPrintable(c.name()));
        }
    }

    // walk14b W20: the scale's faint end was viridis' bright yellow, loud on white paper (imagenet
    // at 1-4 GPUs in the report's heatmap). Every share above 0 now stands at least
    // kFaintContrast from the background, on paper and on the dark theme, darker (on paper) or
    // brighter (on dark) as the share rises; the full end is the scale's far end.
    void theScaleReadsFromItsFaintEndOnBothBackgrounds()
    {
        for (const ChartTheme& theme : {ChartColors::lightTheme(), ChartColors::darkTheme()}) {
            double last = 1.0;
            for (int i = 1; i <= 100; ++i) {
                const double share = i / 100.0;
                const QColor c = ChartColors::occupancy(share, theme.dark);
                const double contrast = ChartColors::contrast(c, theme.background);
                QVERIFY2(contrast >= ChartColors::kFaintContrast - 0.05, qPrintable(c.name()));
                QVERIFY2(contrast >= last - 0.01, qPrintable(c.name()));  // more share, more contrast
                last = contrast;
                QCOMPARE(ChartColors::heatCell(share, theme.dark), c);
            }
            QVERIFY(ChartColors::contrast(ChartColors::sequential(theme.dark ? 0 : 1), theme.background)
                    < ChartColors::kFaintContrast);  // the end it stops short of
        }
        QCOMPARE(ChartColors::occupancy(1, false), ChartColors::sequential(0));
        QCOMPARE(ChartColors::occupancy(1, true), ChartColors::sequential(1));
        // No yellow at the faint end on paper: more green than red.
        const QColor faint = ChartColors::occupancy(0.01, false);
        QVERIFY2(faint.green() > faint.red() + 40, qPrintable(faint.name()));
    }

    // A heatmap's empty cells are the occupancy grid's empty cell, not the scale's bright end:
    // the renting run's "GPUs held per job type", mostly 0, has no bright yellow left.
    void aHeatmapDrawsNothingAsEmpty()
    {
        // A light neutral grey on paper (the empty cell over white), opaque; likewise on dark.
        const QColor none = ChartColors::heatCell(0, false);
        QCOMPARE(none.alpha(), 255);
        QVERIFY(none.red() == none.green() && none.green() == none.blue());
        QVERIFY(none.red() > 200 && none.red() < 255);
        QCOMPARE(ChartColors::heatCell(std::nan(""), false), none);
        const QColor darkNone = ChartColors::heatCell(0, true);
        QVERIFY(darkNone.lightnessF() > ChartColors::darkTheme().background.lightnessF());
        QVERIFY(darkNone.lightnessF() < 0.35);
        QCOMPARE(ChartColors::heatCell(0.5, false), ChartColors::occupancy(0.5, false));
        const RunKind& kind = RunKindRegistry::kind(TrainingRentalRun::kKind);
        const auto run = kind.simulate(kind.conformanceSample(), RunRequest{"boa", {{"budget", "12"}}});
        const ChartSpec spec = FragmentationHeatmap::build(*run, {}, {});
        QVERIFY(spec.heatmap);
        const QImage& image = spec.heatmap->image;
        const QRgb yellow = ChartColors::sequential(1).rgb();  // viridis' bright end
        const QRgb empty = none.rgb();
        int emptyCells = 0, yellowCells = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) {
                const QRgb p = image.pixel(x, y);
                emptyCells += p == empty;
                yellowCells += p == yellow;
            }
        QVERIFY(emptyCells > 0);
        QCOMPARE(yellowCells, 0);
    }
};

QTEST_MAIN(TestExportColours)
#include "tst_exportcolours.moc"
