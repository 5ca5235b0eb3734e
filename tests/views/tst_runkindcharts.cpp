// The chart half of the run-kind conformance test: for every registered kind, its sample run's
// charts (ChartRegistry: the kind's own and the shared ones) are built, every series-chart has
// points, and the whole report exports as SVG and PDF. A new kind is tested by registering:
// no edit of this file.
#include "chart/ChartRegistry.h"
#include "chart/ChartRenderer.h"
#include "run/RunKindRegistry.h"

#include <QTest>

using namespace tessera;
using namespace tessera::chart;

class TestRunKindCharts : public QObject {
    Q_OBJECT

private slots:
    void everyKindsChartsDrawAndExport_data()
    {
        QTest::addColumn<QString>("kind");
        for (const auto& id : RunKindRegistry::instance().names())
            QTest::newRow(id.c_str()) << QString::fromStdString(id);
    }

    void everyKindsChartsDrawAndExport()
    {
        QFETCH(QString, kind);
        const RunKind& k = RunKindRegistry::kind(kind.toStdString());
        const auto run = k.simulate(k.conformanceSample(), RunRequest{k.policies().at(0).spec, {}});
        const ChartRuns runs{run.get()};
        const auto charts = ChartRegistry::charts(kind.toStdString());
        QVERIFY(!charts.empty());
        int withSeries = 0;
        for (const RegisteredChart* chart : charts) {
            if (chart->minRuns > 1)
                continue;
            const QList<ChartSpec> panels = chart->build(runs, {}, {});
            for (const ChartSpec& spec : panels) {
                if (spec.series.isEmpty())
                    continue;
                ++withSeries;
                bool anyPoints = false;
                for (const auto& series : spec.series)
                    anyPoints = anyPoints || !series.points.isEmpty();
                QVERIFY2(anyPoints, qPrintable(QString::fromStdString(chart->id) + ": no points"));
            }
        }
        QVERIFY2(withSeries > 0, "no chart of the kind draws a series");
        // Every view registered for the kind draws too (what `tessera-cli chart` draws).
        for (const RegisteredView* view : ChartRegistry::views(kind.toStdString()))
            QVERIFY2(!ChartRegistry::viewPanels(view->id, *run).isEmpty(), view->id.c_str());
        // The report: every chart, exported.
        const QList<ChartSpec> report = ChartRegistry::all(runs);
        QVERIFY(!report.isEmpty());
        const QByteArray svg = ChartRenderer::render(report, ChartFormat::Svg, QSize(1200, 900));
        QVERIFY(svg.startsWith("<?xml"));
        const QByteArray pdf = ChartRenderer::render(report, ChartFormat::Pdf, QSize(1200, 900));
        QVERIFY(pdf.startsWith("%PDF"));
    }
};

QTEST_MAIN(TestRunKindCharts)
#include "tst_runkindcharts.moc"
