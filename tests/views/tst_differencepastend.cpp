// The differences B − A run to the longer run's end: a run that ended holds its state after the
// end (Run::afterEnd: for training placement every job done, nothing running, 0 % busy), in the
// app's difference chart (SeriesFeeder::fillDifference, either run the shorter) and the
// exported one (RunCharts::difference). Before, both stopped where the shorter run ended.
#include "chart/MetricLookup.h"
#include "chart/RunChartFrame.h"
#include "chart/RunCharts.h"
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
};

QTEST_MAIN(TestDifferencePastEnd)
#include "tst_differencepastend.moc"
