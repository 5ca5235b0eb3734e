// Issue 12 polish, item 1: a MIG inference row at time t describes the interval that ENDS at t
// (IntervalRows), so a re-plan at 150 s must show at 150 s on screen (SeriesFeeder), in every
// export (ChartSpec through StepCorners, as PanelPainter draws it) and in the readout at an x
// between rows (MetricLookup), for a live run and one reopened from a study alike, while a pod
// replay's steps (the state after the event at x) keep their corner at the event.
#include "chart/IntervalRows.h"
#include "chart/MetricLookup.h"
#include "chart/RunCharts.h"
#include "chart/SeriesPlan.h"
#include "chart/StepCorners.h"
#include "chart/inference/InferenceCharts.h"
#include "charts/SeriesFeeder.h"
#include "inference/InferencePolicy.h"
#include "inference/InferenceRun.h"
#include "inference/ParvaScenario.h"
#include "inference/SloTable.h"
#include "mig/MigGpuType.h"
#include "store/StoredSeriesRun.h"
#include "run/RunHandle.h"
#include "support/SharedData.h"

#include <QLineSeries>
#include <QMap>
#include <QTest>

using namespace tessera;
using namespace tessera::chart;

namespace {

// The x of every upright corner of a drawn series: where its value changes.
QList<double> changesAt(const QList<QPointF>& drawn)
{
    QList<double> xs;
    for (qsizetype i = 1; i < drawn.size(); ++i)
        if (drawn[i].x() == drawn[i - 1].x() && drawn[i].y() != drawn[i - 1].y())
            xs.append(drawn[i].x());
    return xs;
}

// ParvaGPU SLO row 3, switching to row 4 at 150 s: ElasticBatch-like re-plans at 150 s. Rows
// every 20 s, so 150 s falls inside the interval (140, 160].
std::shared_ptr<const InferenceRun> steppedScenario(double stepS = 10)
{
    ProfileData profiles = ProfileData::load(test::sharedPath("traces/mig-parvagpu/prof_data"));
    const SloTable slo = SloTable::load(test::sharedPath("traces/mig-parvagpu/SLO"), profiles.modelNames());
    InferenceScenario scenario = parvaScenario(slo, parseSloRows("3:4@150", 6), 300);
    auto world = std::make_shared<const InferenceWorld>(std::move(profiles), slo, std::nullopt);
    InferenceOptions options;
    options.durationS = 300;
    options.stepS = stepS;
    options.predictor = "table";
    const MigGpuType& gpu = *MigGpuType::find(options.gpuType);
    return InferenceRun::simulate(
        world, scenario, {PolicyPhase{.fromS = 0, .policy = InferencePolicyRegistry::instance().create("elasticbatch", gpu)}},
        options);
}

}  // namespace

class TestIntervalSteps : public QObject {
    Q_OBJECT

private slots:
    void cornersGoWhereTheStepsSay()
    {
        const QList<QPointF> points{{0, 1}, {10, 2}, {20, 3}};
        QCOMPARE(stepCorners(points, Steps::None), points);
        // Held from x: 2 holds from 10 to 20.
        QCOMPARE(stepCorners(points, Steps::HeldFromX),
                 (QList<QPointF>{{0, 1}, {10, 1}, {10, 2}, {20, 2}, {20, 3}}));
        // Ending at x: 2 describes (0, 10], 3 describes (10, 20].
        QCOMPARE(stepCorners(points, Steps::EndingAtX),
                 (QList<QPointF>{{0, 1}, {0, 2}, {10, 2}, {10, 3}, {20, 3}}));
    }

    void readoutBetweenRowsIsWhatTheChartDraws()
    {
        MetricSeries s;
        s.add({"t", "Time", "s", false, Interpolation::Step}, {0, 10, 20});
        s.add({"held", "Held", "", false, Interpolation::Step}, {1, 2, 3});
        s.add({"line", "Line", "", false, Interpolation::Linear}, {1, 2, 3});
        const MetricLookup heldFromX(s), endingAtX(s, true);
        QCOMPARE(*heldFromX.at("held", 15), 2.0);
        QCOMPARE(*endingAtX.at("held", 15), 3.0);  // 15 s lies in (10, 20], described by the row at 20
        QCOMPARE(*endingAtX.at("held", 10), 2.0);  // a row's own x belongs to the interval it ends
        QCOMPARE(*endingAtX.at("line", 15), 2.5);  // lines are lines either way
        QVERIFY(!endingAtX.at("held", 21));
    }

    void aReplanShowsWhenItHappensOnScreenAndInExports()
    {
        TESSERA_REQUIRE_SHARED("traces/mig-parvagpu/prof_data");
        const auto run = steppedScenario();
        const MetricSeries& s = run->series();
        QVERIFY(IntervalRows::of(run->info().kind));
        QCOMPARE(SeriesPlan::steps(*run, "gpus_used"), Steps::EndingAtX);
        const size_t at150 = s.rowAtX(150), at160 = s.rowAtX(160);
        QCOMPARE(s.column(0)[at150], 150.0);
        const double before = s.value("gpus_used", at150), after = s.value("gpus_used", at160);
        QVERIFY2(after > before, "row 4 needs more GPUs than row 3");
        for (size_t r = 0; r <= at150; ++r)  // the re-plan changes no interval that ends by 150 s
            QCOMPARE(s.value("gpus_used", r), s.value("gpus_used", 0));

        // The export: the Fleet chart's series, drawn as PanelPainter draws them.
        const ChartSpec fleet = InferenceCharts::fleet({run.get()}, {});
        bool found = false;
        for (const ChartSpec::Series& series : fleet.series) {
            if (series.name != QStringLiteral("GPUs used"))
                continue;
            found = true;
            QCOMPARE(series.steps, Steps::EndingAtX);
            QCOMPARE(changesAt(stepCorners(series.points, series.steps)), QList<double>{150.0});
        }
        QVERIFY2(found, "the Fleet chart draws GPUs used");

        // The screen: the same corner.
        QObject owner;
        views::RunHandle handle(std::shared_ptr<const Run>(run), &owner);
        views::SeriesFeeder feeder;
        QLineSeries line;
        QVERIFY(feeder.fill(&line, &handle, QStringLiteral("gpus_used"), 0, -1, 100'000) > 0);
        QCOMPARE(changesAt(line.points()), QList<double>{150.0});

        // The readout between rows: the plan in force at 155 s is the new one, at 145 s the old.
        const MetricLookup lookup(s, true);
        QCOMPARE(*lookup.at("gpus_used", 155), after);
        QCOMPARE(*lookup.at("gpus_used", 145), before);

        // Reopened from a study (its kind kept, no kind code): drawn the same way.
        const StoredSeriesRun stored(run->info(), run->series(), run->layout(), "study.sqlite");
        QCOMPARE(SeriesPlan::steps(stored, "gpus_used"), Steps::EndingAtX);

        // A fork with another policy at 180 s differs from the interval (180 s, 190 s] on: it
        // diverges at 180 s, where its first different interval starts, with the fork marker.
        const size_t at180 = s.rowAtX(180);
        const auto fork = run->fork(at180, "mig-disabled");
        QCOMPARE(RunCharts::divergence(*run, *fork), std::optional<size_t>(at180));

        // The screen's differences read a run on another x grid as it is drawn, as the export
        // does: B (rows every 30 s) at A's 160 s is its interval (150 s, 180 s], the new plan.
        const auto coarse = steppedScenario(30);
        views::RunHandle coarseHandle(std::shared_ptr<const Run>(coarse), &owner);
        QLineSeries diffLine;
        QVERIFY(feeder.fillDifference(&diffLine, &handle, &coarseHandle, QStringLiteral("gpus_used"), 100'000) > 0);
        const MetricLookup coarseLookup(coarse->series(), true);
        QMap<double, QList<double>> drawnAt;  // a step's corner shares its x with a sample
        for (const QPointF& p : diffLine.points())
            drawnAt[p.x()].append(p.y());
        for (size_t r = 0; r < s.rows(); ++r) {
            const double x = s.column(0)[r];
            const auto vb = coarseLookup.at("gpus_used", x);
            QVERIFY(vb);
            QVERIFY2(drawnAt.value(x).contains(*vb - s.value("gpus_used", r)), qPrintable(QString::number(x)));
        }

        // Item 4: the differences B − A, one panel (one screen axis) per unit: GPUs and pp, never
        // ±GPUs and ±pp on one axis; the third headline's unit (ms) is left to the table.
        const QList<ChartSpec> diff = RunCharts::difference(*run, stored);
        QCOMPARE(diff.size(), 2);
        QCOMPARE(diff[0].y.unit, QStringLiteral("GPUs"));
        QCOMPARE(diff[1].y.unit, QStringLiteral("pp"));
        for (const ChartSpec& panel : diff)
            for (const ChartSpec::Series& series : panel.series) {
                QCOMPARE(series.steps, Steps::EndingAtX);
                for (const QPointF& p : series.points)
                    QCOMPARE(p.y(), 0.0);  // a run and its reopened self
            }
    }
};

QTEST_MAIN(TestIntervalSteps)
#include "tst_intervalsteps.moc"
