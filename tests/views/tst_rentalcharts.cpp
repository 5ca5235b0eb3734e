// The renting kind's "rented-by-type" chart: the GPUs each job type holds, stacked in type order,
// whose top is the GPUs rented at every row, with every run's total and budget drawn over it;
// the screen (ChartPlans) and the export draw this one plan.
#include "chart/ChartRegistry.h"
#include "chart/RunChartFrame.h"
#include "chart/SeriesPlan.h"
#include "run/RunKindRegistry.h"
#include "training/rental-kind/TrainingRentalRun.h"

#include <QTest>

#include <map>

using namespace tessera;
using namespace tessera::chart;

class TestRentalCharts : public QObject {
    Q_OBJECT

private slots:
    void typesStackUpToTheGpusRented()
    {
        const RunKind& kind = RunKindRegistry::kind(TrainingRentalRun::kKind);
        const auto run = kind.simulate(kind.conformanceSample(), RunRequest{kind.policies().at(0).spec, {}});
        const ChartRuns runs{run.get()};
        const RunChartOptions options;
        const RunChartFrame frame(runs, options);  // keeps references: named, not temporaries
        const SeriesPlan::List plan = SeriesPlan::forChart("rented-by-type", frame);
        const MetricSeries& series = run->series();
        const std::vector<size_t> types = series.family(TrainingRentalRun::kGpusByTypeFamily);
        QVERIFY(types.size() >= 2);  // the sample has several types, or stacking is untested

        // One stacked area per type, in the family's order, each on all the types before it.
        std::vector<std::string> below;
        int areas = 0;
        for (const PlannedSeries& p : plan) {
            if (p.style != ChartSpec::SeriesStyle::StackedArea)
                continue;
            QCOMPARE(p.key, series.info(types[size_t(areas)]).key);
            QCOMPARE(p.name, QString::fromStdString(series.info(types[size_t(areas)]).member));  // the legend
            QVERIFY(p.below == below);
            below.push_back(p.key);
            ++areas;
        }
        QCOMPARE(size_t(areas), types.size());

        // The top of the stack is the GPUs rented, row by row, and something is rented.
        const auto rented = series.column(*series.find("gpus_rented"));
        double peak = 0;
        for (size_t row = 0; row < series.rows(); ++row) {
            double top = 0;
            for (size_t t : types)
                top += series.column(t)[row];
            QVERIFY2(qAbs(top - rented[row]) < 1e-6, qPrintable(QStringLiteral("row %1: %2 stacked, %3 rented")
                                                                    .arg(row).arg(top).arg(rented[row])));
            peak = std::max(peak, rented[row]);
        }
        QVERIFY(peak > 0);

        // The total and the budget are lines over the stack, named so the legend tells them apart.
        std::map<std::string, QString> lines;
        for (const PlannedSeries& p : plan)
            if (p.style == ChartSpec::SeriesStyle::Line)
                lines[p.key] = p.name;
        QVERIFY(lines.count("gpus_rented"));
        QVERIFY(lines.count("budget_gpus"));
        QVERIFY(lines["gpus_rented"] != lines["budget_gpus"]);

        // The export draws it with points, in GPUs, and the Rented view lists it first.
        const RegisteredChart* chart = ChartRegistry::chart(TrainingRentalRun::kKind, "rented-by-type");
        QVERIFY(chart);
        const QList<ChartSpec> panels = chart->build(runs, options, {});
        QCOMPARE(panels.size(), 1);
        QCOMPARE(panels.front().series.size(), plan.size());
        QCOMPARE(panels.front().y.unit, QStringLiteral("GPUs"));
        bool tabFound = false;
        for (const RegisteredView* view : ChartRegistry::views(TrainingRentalRun::kKind))
            if (view->id == "rented") {
                tabFound = true;
                QCOMPARE(view->charts.front(), std::string("rented-by-type"));
            }
        QVERIFY(tabFound);
    }
};

QTEST_MAIN(TestRentalCharts)
#include "tst_rentalcharts.moc"
