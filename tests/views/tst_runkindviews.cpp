// The seams of the views for run kinds other than pods (issue 12, section 0): a run of another
// kind gets the shared charts and its own registered ones, never the pod kind's; its metrics,
// summaries and distributions reach export, compare and the report; metrics describe how they
// are drawn and compared; the app writes about its steps and rows in the run's own words.
#include "chart/ChartCsv.h"
#include "chart/ChartError.h"
#include "chart/ChartRegistry.h"
#include "chart/ReportWriter.h"
#include "chart/RunCharts.h"
#include "chart/SeriesPlan.h"
#include "charts/ChartPlans.h"
#include "compare/RunComparisonModel.h"
#include "export/ExportController.h"
#include "export/ExportRequest.h"
#include "inspector/DecisionModel.h"
#include "run/PodSchedulingRun.h"
#include "run/RunHandle.h"
#include "timeline/TimelineController.h"
#include "support/FakeKindRun.h"
#include "support/TestRuns.h"

#include <QGuiApplication>
#include <QtTest>

#include <algorithm>

using namespace tessera;
using namespace tessera::chart;
using test::FakeKindRun;

namespace {

QStringList idsOf(const std::vector<const RegisteredChart*>& charts)
{
    QStringList ids;
    for (const RegisteredChart* c : charts)
        ids << QString::fromStdString(c->id);
    return ids;
}

QStringList titlesOf(const QList<ChartSpec>& specs)
{
    QStringList titles;
    for (const ChartSpec& s : specs)
        titles << s.title;
    return titles;
}

// The "slo" chart a kind registers for itself: its SLO attainment over time.
RegisteredChart sloChart()
{
    RegisteredChart c;
    c.kind = FakeKindRun::kKind;
    c.id = "slo";
    c.title = [](const RunWords&) { return QStringLiteral("SLO attainment"); };
    c.plan = [](const RunChartFrame& frame) { return SeriesPlan::metric(frame, "slo_pct"); };
    c.build = [plan = c.plan](const ChartRuns& runs, const RunChartOptions& options, const ProgressCallback&) {
        return QList<ChartSpec>{RunCharts::planned(runs, options, plan, QStringLiteral("SLO attainment over time"),
                                                   QStringLiteral("SLO attainment"), QStringLiteral("%"))};
    };
    return c;
}

const QStringList kPodOnly{"allocation", "failed-pods", "power", "power-by-model", "fragmentation-rate"};

}  // namespace

class RunKindViewsTest : public QObject {
    Q_OBJECT

    QObject owner_;

private slots:
    void anotherKindGetsOnlyTheSharedCharts()
    {
        const FakeKindRun run;
        const QStringList ids = idsOf(ChartRegistry::charts(FakeKindRun::kKind));
        QCOMPARE(ids, (QStringList{"fragmentation-heatmap", "occupancy", "difference"}));
        for (const QString& pod : kPodOnly)
            QVERIFY2(!ids.contains(pod), qPrintable(pod));
        // One run: its heatmap and its occupancy grid, in its own words; no empty pod chart.
        const QList<ChartSpec> all = RunCharts::all({&run});
        QCOMPARE(all.size(), 2);
        for (const ChartSpec& spec : all)
            QVERIFY2(!spec.title.contains(QStringLiteral("GPU allocation")) && !spec.title.contains(QStringLiteral("pods")),
                     qPrintable(spec.title));
        views::RunHandle handle(std::make_shared<FakeKindRun>(), &owner_);
        views::ExportController exporter;
        QCOMPARE(exporter.charts(&handle), ids);
        QCOMPARE(exporter.chartTitle("occupancy", &handle), QStringLiteral("MIG slices"));
        QCOMPARE(exporter.chartTitle("fragmentation-heatmap", &handle), QStringLiteral("Busy slices heatmap"));
        // The tabs: only the shared occupancy view, which the app shows for every kind; the pod
        // kind adds its three between it and the inspector.
        QCOMPARE(ChartRegistry::views(FakeKindRun::kKind).size(), size_t(1));
        const views::ChartPlans plans;
        QVERIFY(plans.views(FakeKindRun::kKind).isEmpty());
        QStringList podTabs;
        for (const QVariant& v : plans.views(PodSchedulingRun::kKind))
            podTabs << v.toMap().value("title").toString();
        QCOMPARE(podTabs, (QStringList{"Fragmentation", "Power", "Allocation"}));
        QCOMPARE(plans.defaultKind(), QString::fromLatin1(PodSchedulingRun::kKind));
        QVERIFY_THROWS_EXCEPTION(ChartError, ChartRegistry::viewPanels("allocation", run));
    }

    void aKindAddsItsChartsByRegistering()
    {
        const FakeKindRun a("A"), b("B", 0.5);
        {
            const ChartRegistration slo(sloChart());
            QCOMPARE(idsOf(ChartRegistry::charts(FakeKindRun::kKind)).first(), QStringLiteral("slo"));
            // The pod kind does not get it.
            QVERIFY(!idsOf(ChartRegistry::charts(PodSchedulingRun::kKind)).contains("slo"));
            const QList<ChartSpec> all = RunCharts::all({&a, &b});
            // Its chart, each run's heatmap and grid side by side, and the differences B − A.
            QCOMPARE(titlesOf(all).first(), QStringLiteral("SLO attainment over time"));
            QCOMPARE(all.size(), 1 + 2 * 2 + 1);
            QCOMPARE(all[0].series.size(), 2);
            QCOMPARE(all[0].series[0].points.size(), qsizetype(5));

            // The app's export draws it, and writes its data.
            views::RunHandle ha(std::make_shared<FakeKindRun>("A"), &owner_);
            views::RunHandle hb(std::make_shared<FakeKindRun>("B", 0.5), &owner_);
            const views::ExportRequest request("slo", &ha, &hb, 0, -1, 2);
            const QList<ChartSpec> specs = request.specs();
            QCOMPARE(specs.size(), 1);
            const QString csv = QString::fromUtf8(ChartCsv::toCsv(specs.front()));
            QVERIFY2(csv.contains(QStringLiteral("45")), qPrintable(csv));  // B's 90 × 0.5 at minute 1
            // The report's charts are the registry's.
            const views::ExportRequest report("report", &ha, &hb, 0, -1, 2);
            QCOMPARE(titlesOf(report.specs()), titlesOf(RunCharts::all({&ha.run(), &hb.run()}, report.options())));
        }
        QVERIFY(!idsOf(ChartRegistry::charts(FakeKindRun::kKind)).contains("slo"));
    }

    void differencesAreOfTheHeadlineMetrics()
    {
        const FakeKindRun a("A"), b("B", 0.5);
        const QList<ChartSpec> diff = RunCharts::difference(a, b);
        QCOMPARE(diff.size(), 1);  // slo_pct is the one headline metric
        QCOMPARE(diff[0].title, QStringLiteral("Difference in SLO attainment"));
        QCOMPARE(diff[0].y.unit, QStringLiteral("pp"));
        // The pod kind keeps its own three, whatever its headline metrics.
        const auto trace = test::syntheticTrace(20, 120, 3);
        const auto fgd = test::simulateRun(trace, "fgd");
        const auto bestfit = test::simulateRun(trace, "bestfit");
        const RunCharts::Runs runs{fgd.get(), bestfit.get()};
        const RunChartFrame frame(runs, {});
        QStringList keys;
        for (const PlannedSeries& p : SeriesPlan::forChart("difference", frame))
            keys << QString::fromStdString(p.key);
        QCOMPARE(keys, (QStringList{"alloc_pct", "frag_rate_pct", "power_kw"}));
    }

    void summariesAndDistributionsReachTheReport()
    {
        const FakeKindRun a("A"), b("B", 0.5);
        const QList<QStringList> rows = ReportWriter::summary({&a, &b});
        const auto row = [&](const QString& name) {
            const auto it = std::find_if(rows.begin(), rows.end(), [&](const QStringList& r) { return r.first() == name; });
            return it == rows.end() ? QStringList() : *it;
        };
        QCOMPARE(row("SLO attainment (%), last minute"), (QStringList{"SLO attainment (%), last minute", "99.00", "49.50", "−49.50"}));
        // A unit the label names is not repeated (unitTitle): "GPUs saved", not "GPUs saved (GPUs)".
        QCOMPARE(row("GPUs saved"), (QStringList{"GPUs saved", "3", "2", "−2"}));
        QCOMPARE(row("Request latency (ms), p50"), (QStringList{"Request latency (ms), p50", "50.00", "25.00", "−25.00"}));
        QCOMPARE(row("Request latency (ms), p99").at(1), QStringLiteral("99.00"));
        // Not a headline metric: no row.
        QVERIFY(row("Pending requests, last minute").isEmpty());
    }

    void summariesAndDistributionsReachCompare()
    {
        views::RunHandle a(std::make_shared<FakeKindRun>("A"), &owner_);
        views::RunHandle b(std::make_shared<FakeKindRun>("B", 0.5), &owner_);
        views::RunComparisonModel model;
        model.setRunA(&a);
        model.setRunB(&b);
        model.setPositionA(1);
        model.setPositionB(1);
        QStringList names;
        for (int r = 0; r < model.rowCount(); ++r)
            names << model.data(model.index(r, views::RunComparisonModel::Metric)).toString();
        QCOMPARE(names, (QStringList{"SLO attainment (%)", "Pending requests", "GPUs saved",
                                     "Request latency p50 (ms)", "Request latency p90 (ms)", "Request latency p99 (ms)"}));
        QCOMPARE(model.value(2, views::RunComparisonModel::FinalB), 1.5);
        QVERIFY(std::isnan(model.value(2, views::RunComparisonModel::AtCursorA)));  // a whole-run figure
        QCOMPARE(model.value(4, views::RunComparisonModel::FinalA), 90.0);
        // Better or worse follows higherIsBetter: fewer GPUs saved is worse, lower latency better.
        QCOMPARE(model.data(model.index(2, views::RunComparisonModel::FinalDelta), views::RunComparisonModel::BetterRole).toInt(), -1);
        QCOMPARE(model.data(model.index(3, views::RunComparisonModel::FinalDelta), views::RunComparisonModel::BetterRole).toInt(), 1);
    }

    void metricsDescribeThemselves()
    {
        const auto trace = test::syntheticTrace(20, 120, 3, true);
        const auto experiment = test::simulateRun(trace, "fgd");
        RunParameters p;
        p.policy = PolicySpec::parse("fgd");
        p.mode = SimulationMode::Replay;
        const auto replay = PodSchedulingRun::simulate(trace, p);
        const MetricSeries& s = experiment->series();
        const auto info = [&](const MetricSeries& series, const char* key) { return series.info(*series.find(key)); };
        QVERIFY(info(s, "alloc_pct").headline && info(s, "alloc_pct").higherIsBetter);
        QVERIFY(info(s, "power_kw").headline && !info(s, "power_kw").higherIsBetter);
        QVERIFY(!info(s, "cpu_power_kw").headline);
        // Experiment: gradual metrics are lines, pod counts steps; replay: every state is held.
        QVERIFY(SeriesPlan::steps(*experiment, "alloc_pct") == Steps::None);
        QVERIFY(SeriesPlan::steps(*experiment, "failed_pods") == Steps::HeldFromX);
        for (size_t c = 0; c < replay->series().columns(); ++c)
            QVERIFY2(replay->series().info(c).interpolation == Interpolation::Step, replay->series().info(c).key.c_str());
        // Families: one member per pod class, and one per GPU model, summing to the GPU power.
        const auto classes = s.family(PodSchedulingRun::kFailedByClassFamily);
        QCOMPARE(classes.size(), size_t(kPodClassCount));
        for (size_t c : classes)
            QVERIFY(!s.info(c).member.empty());
        const auto models = s.family(PodSchedulingRun::kGpuPowerByModelFamily);
        QVERIFY(!models.empty());
        const size_t last = s.rows() - 1;
        double sum = 0;
        for (size_t c : models)
            sum += s.column(c)[last];
        QVERIFY(std::abs(sum - s.value("gpu_power_kw", last)) < 1e-6);
        // Another kind's count in its own unit is drawn as steps because it says so.
        const FakeKindRun fake;
        QVERIFY(SeriesPlan::steps(fake, "requests") == Steps::HeldFromX);
        QVERIFY(SeriesPlan::steps(fake, "slo_pct") == Steps::None);

        // The pod kind's summary: the peak power; in replay also the energy, ∫ power dt.
        QCOMPARE(experiment->summary().size(), size_t(1));
        const auto figures = replay->summary();
        QCOMPARE(figures.size(), size_t(2));
        QCOMPARE(figures[1].key, std::string("energy_kwh"));
        const auto t = replay->series().column(0);
        const auto power = replay->series().column(*replay->series().find("power_kw"));
        double kwh = 0;
        for (size_t i = 0; i + 1 < t.size(); ++i)
            kwh += power[i] * (t[i + 1] - t[i]) / 3600.0;
        QVERIFY(kwh > 0);
        QCOMPARE(figures[1].value, kwh);
    }

    void theAppUsesTheRunsWords()
    {
        views::RunHandle fake(std::make_shared<FakeKindRun>(), &owner_);
        QCOMPARE(fake.positionText(2), QStringLiteral("2.00 min"));
        QCOMPARE(fake.words().value("step").toString(), QStringLiteral("minute"));
        QCOMPARE(fake.words().value("Steps").toString(), QStringLiteral("Minutes"));
        views::RunHandle pods(std::shared_ptr<const Run>(test::simulateRun(test::syntheticTrace(10, 40, 1), "fgd")), &owner_);
        QVERIFY(pods.positionText(0).endsWith(QStringLiteral(" arrived")));
        QCOMPARE(pods.words().value("step").toString(), QStringLiteral("decision"));
        views::TimelineController timeline;
        QCOMPARE(timeline.words().value("step").toString(), QStringLiteral("decision"));
        timeline.setRun(&fake);
        QCOMPARE(timeline.words().value("candidates").toString(), QStringLiteral("candidates"));

        // Text cells of an explanation reach the inspector as text, left-aligned.
        views::DecisionModel model;
        QCOMPARE(model.words().value("candidate").toString(), QStringLiteral("node"));
        model.setRun(&fake);
        model.setStep(0);
        QVERIFY(QTest::qWaitFor([&] { return !model.busy() && model.shownStep() == 0; }, 10'000));
        QCOMPARE(model.words().value("candidate").toString(), QStringLiteral("candidate"));
        QCOMPARE(model.data(model.index(0, 1)).toString(), QStringLiteral("3g.40gb"));
        QCOMPARE(model.data(model.index(0, 1), views::DecisionModel::IsNumericRole).toBool(), false);
        QCOMPARE(model.data(model.index(0, 2)).toString(), QStringLiteral("12.500"));
        QCOMPARE(model.data(model.index(0, 2), views::DecisionModel::IsNumericRole).toBool(), true);
    }
};

int main(int argc, char** argv)
{
    QGuiApplication app(argc, argv);
    RunKindViewsTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_runkindviews.moc"
