// The differences B − A run to the longer run's end: a run that ended holds its state after the
// end (Run::afterEnd: for training placement every job done, nothing running, 0 % busy), in the
// app's difference chart (SeriesFeeder::fillDifference, either run the shorter) and the
// exported one (RunCharts::difference). Before, both stopped where the shorter run ended.
#include "chart/MetricLookup.h"
#include "chart/RunChartFrame.h"
#include "chart/RunCharts.h"
#include "compare/RunComparisonModel.h"
#include "charts/SeriesFeeder.h"
#include "run/RunHandle.h"
#include "run/RunKindRegistry.h"
#include "training/placement/TrainingPlacementRun.h"

#include <QLineSeries>
#include <QtTest>

using namespace tessera;

class TestDifferencePastEnd : public QObject {
    Q_OBJECT

    std::shared_ptr<const Run> simulate(const std::string& policy, double locality)
    {
        const RunKind& kind = RunKindRegistry::kind(TrainingPlacementRun::kKind);
        RunRequest request{policy, {}};
        request.values["locality"] = std::to_string(locality);
        return std::shared_ptr<const Run>(kind.simulate(kind.conformanceSample(), request));
    }

private slots:
    void anEndedTrainingRunIsIdle()
    {
        const auto run = simulate("pal", 1.7);
        const auto xs = run->series().column(0);
        const chart::MetricLookup lookup = chart::MetricLookup::of(*run);
        const double after = xs.back() + 1;
        QCOMPARE(*lookup.at("jobs_running", after), 0.0);
        QCOMPARE(*lookup.at("utilisation_pct", after), 0.0);
        QCOMPARE(*lookup.at("jobs_queued", after), 0.0);
        QCOMPARE(*lookup.at("jobs_completed", after), run->series().column(*run->series().find("jobs_completed")).back());
        // At the last row itself, the row, not the state after.
        QCOMPARE(*lookup.at("jobs_running", xs.back()), run->series().column(*run->series().find("jobs_running")).back());
    }

    void differencesReachTheLongerRunsEnd()
    {
        QObject owner;
        // Packed placement at a heavy locality penalty against PAL: their makespans differ.
        views::RunHandle shorter(simulate("pal", 1.0), &owner), longer(simulate("packed", 10.0), &owner);
        const double endShort = shorter.run().series().column(0).back(), endLong = longer.run().series().column(0).back();
        QVERIFY2(endShort < endLong, qPrintable(QStringLiteral("%1 vs %2").arg(endShort).arg(endLong)));
        views::SeriesFeeder feeder;
        QLineSeries series;
        for (const auto& [a, b] : {std::pair{&shorter, &longer}, std::pair{&longer, &shorter}}) {
            QVERIFY(feeder.fillDifference(&series, a, b, QStringLiteral("utilisation_pct"), 100000) > 0);
            QCOMPARE(series.at(series.count() - 1).x(), endLong);
        }
        const QList<chart::ChartSpec> exported = chart::RunCharts::difference(shorter.run(), longer.run());
        QVERIFY(!exported.isEmpty());
        double last = 0;
        for (const chart::ChartSpec& spec : exported)
            for (const auto& s : spec.series)
                if (!s.points.isEmpty())
                    last = std::max(last, s.points.last().x());
        // The exported x unit against the series' own (hours).
        const double scale = chart::RunChartFrame({&shorter.run(), &longer.run()}, {}).xScale();
        QVERIFY2(last >= 0.99 * endLong * scale, qPrintable(QStringLiteral("%1 of %2").arg(last).arg(endLong * scale)));
    }
    // The compare table's final columns are the state once the run is over (walk W4: it said
    // "160 jobs completed" beside "1 job running, 37.5 % busy", the last recorded round).
    void theFinalColumnsAreTheStateAfterTheEnd()
    {
        QObject owner;
        views::RunHandle a(simulate("pal", 1.7), &owner), b(simulate("packed", 1.7), &owner);
        views::RunComparisonModel model;
        model.setRunA(&a);
        model.setRunB(&b);
        const auto rowOf = [&](const QString& key) {
            for (int r = 0; r < model.rowCount(); ++r)
                if (model.key(r) == key)
                    return r;
            return -1;
        };
        const int running = rowOf("jobs_running"), busy = rowOf("utilisation_pct"), done = rowOf("jobs_completed");
        QVERIFY(running >= 0 && busy >= 0 && done >= 0);
        // The last recorded round still has jobs running; the final column does not.
        const auto& series = a.run().series();
        QVERIFY(series.column(*series.find("jobs_running")).back() > 0);
        for (const int column : {int(views::RunComparisonModel::FinalA), int(views::RunComparisonModel::FinalB)}) {
            QCOMPARE(model.value(running, column), 0.0);
            QCOMPARE(model.value(busy, column), 0.0);
        }
        QCOMPARE(model.value(done, views::RunComparisonModel::FinalA), double(a.run().series().column(*series.find("jobs_completed")).back()));
    }
};

QTEST_MAIN(TestDifferencePastEnd)
#include "tst_differencepastend.moc"
