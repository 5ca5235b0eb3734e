// The differences B − A are sampled at every step time of either run (chart::DifferenceSeries),
// in the app (SeriesFeeder::fillDifference) and in the export (RunCharts::difference). Before,
// they were sampled at run A's rows only: what B did between two of A's steps (an autoscaler
// releasing its GPUs between two BOA events) was not in the chart.
#include "chart/DifferenceSeries.h"
#include "chart/RunCharts.h"
#include "charts/SeriesFeeder.h"
#include "run/RunHandle.h"

#include <QLineSeries>
#include <QtTest>

#include <algorithm>

using namespace tessera;

namespace {

// A run of a kind whose rows are the state after each step: GPUs held on a step axis (hours),
// and a gradual quantity that changes linearly between rows.
class StepsRun final : public Run {
public:
    StepsRun(std::vector<double> hours, std::vector<double> gpus, std::vector<double> load)
    {
        info_.kind = "test-kind";
        info_.name = "steps";
        info_.policy = "test-policy";
        series_.add({"hours", "Time", "h"}, hours);
        series_.add({"gpus", "GPUs rented", "GPUs", true, Interpolation::Step, true, false}, std::move(gpus));
        series_.add({"load", "Load", "%", false, Interpolation::Linear, true, false}, std::move(load));
        layout_.categories = {"A100"};
        layout_.groups = {{"gpu-0", 0, 0, 1}};
        layout_.cellCount = 1;
    }

    const RunInfo& info() const override { return info_; }
    size_t steps() const override { return series_.rows() - 1; }
    const MetricSeries& series() const override { return series_; }
    const OccupancyLayout& layout() const override { return layout_; }
    std::unique_ptr<RunCursor> cursor() const override { return std::make_unique<Cursor>(); }
    std::string describeStep(size_t step) const override { return "step " + std::to_string(step + 1); }
    ExplanationTable explain(size_t) const override { return {}; }
    MetricInfo groupValueInfo() const override { return {"busy", "Busy", "GPUs"}; }
    std::unique_ptr<Run> fork(size_t, const std::string&, const ProgressCallback&) const override { return nullptr; }

private:
    struct Cursor final : RunCursor {
        size_t at = 0;
        size_t position() const override { return at; }
        void seek(size_t position) override { at = position; }
        void cellUse(std::vector<float>& use) const override { use.assign(1, 0.0f); }
        std::string describeCell(uint32_t) const override { return "gpu"; }
        std::string describeGroup(uint32_t) const override { return "gpu-0"; }
        void groupValues(std::vector<float>& values) const override { values.assign(1, 0.0f); }
    };

    RunInfo info_;
    MetricSeries series_;
    OccupancyLayout layout_;
};

// A steps at 0, 10, 20 and 30 h, holding 4 GPUs; B steps between them (5, 12, 14, 25 h) and
// holds none from 12 h to 14 h, a dip that starts and ends between two of A's steps.
std::shared_ptr<const Run> runA()
{
    return std::make_shared<StepsRun>(std::vector<double>{0, 10, 20, 30}, std::vector<double>{4, 4, 4, 4},
                                      std::vector<double>{0, 10, 20, 30});
}
std::shared_ptr<const Run> runB()
{
    return std::make_shared<StepsRun>(std::vector<double>{0, 5, 12, 14, 25, 30},
                                      std::vector<double>{4, 4, 0, 4, 4, 4},
                                      std::vector<double>{0, 5, 12, 50, 25, 30});
}

// Whether the drawn series reaches `y` at `x` (a step is drawn with a corner: two points at x).
bool reaches(const QList<QPointF>& points, double x, double y)
{
    return std::any_of(points.begin(), points.end(), [&](const QPointF& p) { return p.x() == x && p.y() == y; });
}

}  // namespace

class TestInterleavedDifference : public QObject {
    Q_OBJECT

private slots:
    void everyStepTimeOfEitherRun()
    {
        const auto a = runA(), b = runB();
        const chart::DifferenceSeries d = chart::DifferenceSeries::of(*a, *b, "gpus");
        QCOMPARE(d.xs, (std::vector<double>{0, 5, 10, 12, 14, 20, 25, 30}));
        QCOMPARE(d.values, (std::vector<double>{0, 0, 0, -4, 0, 0, 0, 0}));
        // Either run as A: the same times, the opposite sign.
        const chart::DifferenceSeries r = chart::DifferenceSeries::of(*b, *a, "gpus");
        QCOMPARE(r.xs, d.xs);
        QCOMPARE(r.values[3], 4.0);
        // A gradual quantity read between the other run's rows: B's 50 % at 14 h against A's
        // 14 % there (interpolated between 10 and 20 h); A's 10 % at 10 h against B's 10.
        const chart::DifferenceSeries load = chart::DifferenceSeries::of(*a, *b, "load");
        QCOMPARE(load.values[4], 50.0 - 14.0);
        QCOMPARE(load.values[2], 10.0 - 10.0);
    }

    void theAppsDifferenceChartShowsTheDip()
    {
        QObject owner;
        views::RunHandle a(runA(), &owner), b(runB(), &owner);
        views::SeriesFeeder feeder;
        QLineSeries series;
        QVERIFY(feeder.fillDifference(&series, &a, &b, QStringLiteral("gpus"), 1000) > 0);
        QVERIFY(reaches(series.points(), 12, -4));
        QVERIFY(feeder.fillDifference(&series, &b, &a, QStringLiteral("gpus"), 1000) > 0);
        QVERIFY(reaches(series.points(), 12, 4));
    }

    void theExportedDifferenceShowsTheDip()
    {
        const auto a = runA(), b = runB();
        const auto plan = [](const chart::RunChartFrame&) {
            chart::PlannedSeries s;
            s.name = QStringLiteral("Δ GPUs rented");
            s.key = "gpus";
            s.unit = QStringLiteral("GPUs");
            return chart::SeriesPlan::List{s};
        };
        const QList<chart::ChartSpec> charts = chart::RunCharts::difference(*a, *b, {}, plan);
        QCOMPARE(charts.size(), 1);
        QCOMPARE(charts[0].series.size(), 1);
        const QList<QPointF>& points = charts[0].series[0].points;
        QVERIFY(!points.isEmpty());
        const double lowest =
            std::min_element(points.begin(), points.end(), [](const QPointF& p, const QPointF& q) { return p.y() < q.y(); })
                ->y();
        QCOMPARE(lowest, -4.0);
    }
};

QTEST_MAIN(TestInterleavedDifference)
#include "tst_interleaveddifference.moc"
