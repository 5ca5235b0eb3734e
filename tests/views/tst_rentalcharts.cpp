// The renting kind's "rented-by-type" chart: the GPUs each job type holds, stacked in type order,
// whose top is the GPUs rented at every row, with every run's total and budget drawn over it;
// the screen (ChartPlans) and the export draw this one plan. Its JCT CDF per run and its job
// Gantt: the placement kind's charts (JctCdfChart, GanttChart), registered for this kind too.
#include "support/SharedData.h"
#include "chart/ChartColors.h"
#include "chart/ChartCsv.h"
#include "chart/ChartRegistry.h"
#include "chart/JctCdfChart.h"
#include "chart/RunChartFrame.h"
#include "chart/SeriesPlan.h"
#include "chart/rental/BudgetAxis.h"
#include "run/RunKindRegistry.h"
#include "training/rental-kind/TrainingRentalRun.h"

#include <QTest>

#include <algorithm>
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

    // The width inspector's chart (issue 14 item 6, walk14 W11): every type's speedup curve from
    // the model the run used, in the type's colour, the width BOA gave it marked on its curve, the
    // linear reference, units on both axes; one panel per run; the kind's inspector chart and
    // `tessera-cli chart speedup`.
    void speedupCurvesMarkTheWidths()
    {
        const RunKind& kind = RunKindRegistry::kind(TrainingRentalRun::kKind);
        const auto made = kind.simulate(kind.conformanceSample(), RunRequest{"boa", {}});
        const auto& boa = dynamic_cast<const TrainingRentalRun&>(*made);
        const std::vector<JobType>& types = boa.inputs().workload().types;
        const RegisteredChart* chart = ChartRegistry::inspectorChart(TrainingRentalRun::kKind);
        QVERIFY(chart);
        QCOMPARE(chart->id, std::string("speedup"));
        QVERIFY(chart->perRun);
        const auto fixed = kind.simulate(kind.conformanceSample(), RunRequest{"fixed:2", {}});
        const QList<ChartSpec> panels = chart->build({made.get(), fixed.get()}, {}, {});
        QCOMPARE(panels.size(), 2);
        const ChartSpec& spec = panels.front();
        QCOMPARE(spec.x.unit, QStringLiteral("GPUs"));
        QCOMPARE(spec.y.unit, QStringLiteral("×"));
        // k_max 32: both axes logarithmic, linear speedup the diagonal.
        QVERIFY(spec.x.logarithmic && spec.y.logarithmic);
        QVERIFY(spec.series.front().dashed);
        QCOMPARE(spec.series.front().points.front(), QPointF(1, 1));
        for (size_t t = 0; t < types.size(); ++t) {
            const ChartSpec::Series& curve = spec.series[qsizetype(1 + t)];
            QVERIFY2(curve.name.startsWith(QString::fromStdString(types[t].name)), qPrintable(curve.name));
            QCOMPARE(curve.color, ChartColors::seriesColor(int(t)));  // the stacked chart's and the Gantt's
            QCOMPARE(curve.points.front().x(), 1.0);
            QCOMPARE(curve.points.back().x(), types[t].maxWidth);
            for (const QPointF& p : curve.points)
                QCOMPARE(p.y(), (*types[t].speedup)(p.x()));
            // The width BOA gave the type, on its curve, in its colour.
            const ChartSpec::Series& marks = spec.series[qsizetype(1 + types.size() + t)];
            QCOMPARE(marks.style, ChartSpec::SeriesStyle::Points);
            QCOMPARE(marks.color, curve.color);
            QVERIFY(marks.name.isEmpty());
            const double width = boa.solution()->types[t].width.mean();
            QCOMPARE(marks.points.size(), 1);
            QCOMPARE(marks.points.front().x(), width);
            QVERIFY(std::abs(marks.points.front().y() - (*types[t].speedup)(width)) < 1e-3 * width);
            QVERIFY2(curve.name.contains(QString::number(width, 'g', 4)), qPrintable(curve.name));
        }
        // The key says what a mark is.
        QVERIFY(spec.series.back().name.contains(QStringLiteral("the run's width")));
        QVERIFY(spec.series.back().points.isEmpty());
        // fixed:2 has no mu: its marks are its jobs' mean width, and its subtitle says so.
        QVERIFY2(panels[1].subtitle.contains(QStringLiteral("mean width")), qPrintable(panels[1].subtitle));
        QCOMPARE(panels[1].series[qsizetype(1 + types.size())].points.front().x(), 2.0);
        QVERIFY2(spec.subtitle.contains(QStringLiteral("mu =")), qPrintable(spec.subtitle));
        // `tessera-cli chart speedup` draws it.
        QCOMPARE(ChartRegistry::viewPanels("speedup", boa).size(), 1);
    }

    // The span holder's bound is a line on the chart, named (Pollux workload-1 at 24 GPUs).
    void speedupCurvesMarkTheSpanHoldersBound()
    {
        const char* workload = "traces/pollux-osdi21/simulator/workloads/workload-1.csv";
        TESSERA_REQUIRE_SHARED(workload);
        const RunKind& kind = RunKindRegistry::kind(TrainingRentalRun::kKind);
        LoadWarnings warnings;
        const auto inputs = kind.loadInputs({{"jobs", test::sharedPath(workload)}}, warnings);
        const auto made = kind.simulate(inputs, RunRequest{"boa", {{"budget", "24"}}});
        const auto& boa = dynamic_cast<const TrainingRentalRun&>(*made);
        QVERIFY(boa.spanHolder() && boa.heldAtBound());
        const QList<ChartSpec> panels = ChartRegistry::inspectorChart(TrainingRentalRun::kKind)->build({made.get()}, {}, {});
        QCOMPARE(panels.size(), 1);
        QCOMPARE(panels.front().markers.size(), 1);
        QCOMPARE(panels.front().markers.front().x, boa.spanHolder()->maxWidth);
        const QString held = QString::fromStdString(boa.inputs().workload().types[boa.spanHolder()->type].name);
        QVERIFY2(panels.front().markers.front().label.startsWith(held), qPrintable(panels.front().markers.front().label));
        // Measured speedups: the curve goes through the profile's breakpoints, linear between them.
        const JobType& type = boa.inputs().workload().types.front();
        QVERIFY(!type.speedup->breakpoints().empty());
        QVERIFY(panels.front().series[1].points.size() < 100);
    }

    // walk14b W10: the exported GPUs against the budget (report page 2, `tessera-cli chart --chart
    // rented`) scaled to the peaks (0-300 GPUs for a budget of 24), so the budget and the average
    // sat squashed at the foot. Both charts now hold y to the app's rule (BudgetAxis: three times
    // the highest budget, round) and say how far the cut peaks go; where nothing is cut, the data
    // sets the axis. And a run's three lines read apart: A's by weight and dash, B's rented and
    // average (both dashed, one hue) by weight.
    void exportedRentedChartsFitTheBudget()
    {
        const char* workload = "traces/pollux-osdi21/simulator/workloads/workload-1.csv";
        TESSERA_REQUIRE_SHARED(workload);
        const RunKind& kind = RunKindRegistry::kind(TrainingRentalRun::kKind);
        LoadWarnings warnings;
        const auto inputs = kind.loadInputs({{"jobs", test::sharedPath(workload)}}, warnings);
        const auto boa = kind.simulate(inputs, RunRequest{"boa", {{"budget", "24"}}});
        const auto autoscale = kind.simulate(inputs, RunRequest{"autoscale", {{"budget", "24"}}});
        const BudgetAxis axis = BudgetAxis::of({boa.get(), autoscale.get()});
        QCOMPARE(axis.top, 80.0);  // 3 × 24 = 72, rounded up
        QVERIFY2(axis.peak > 2 * axis.top, qPrintable(QString::number(axis.peak)));  // the walk's 264
        QVERIFY(axis.cutsPeaks());
        QCOMPARE(axis.note(), QStringLiteral("peaks up to %1 GPUs above the axis").arg(qRound(axis.peak)));
        for (const char* id : {"rented", "rented-by-type"}) {
            const RegisteredChart* chart = ChartRegistry::chart(TrainingRentalRun::kKind, id);
            QVERIFY(chart);
            for (const ChartRuns& runs : {ChartRuns{boa.get()}, ChartRuns{boa.get(), autoscale.get()}}) {
                const ChartSpec spec = chart->build(runs, {}, {}).front();
                const BudgetAxis own = BudgetAxis::of(runs);
                QVERIFY2(spec.y.max && *spec.y.max == own.top, id);
                QVERIFY2(spec.subtitle.endsWith(own.note()), qPrintable(spec.subtitle));
            }
        }
        // Within three budgets, nothing is cut and the data sets the axis.
        const BudgetAxis calm = BudgetAxis::fitted(24, 50);
        QVERIFY(!calm.cutsPeaks());
        QVERIFY(calm.note().isEmpty());
        ChartSpec untouched;
        untouched.subtitle = QStringLiteral("run");
        calm.apply(untouched);
        QVERIFY(!untouched.y.max);
        QCOMPARE(untouched.subtitle, QStringLiteral("run"));
        QCOMPARE(BudgetAxis::fitted(0, 50).top, 0.0);  // no budget: no fit

        // The lines of each run: rented thin, average bold, budget dashed; never two alike.
        const ChartRuns both{boa.get(), autoscale.get()};
        const RunChartFrame frame(both, {});
        const SeriesPlan::List plan = SeriesPlan::forChart("rented-by-type", frame);
        for (size_t run : {size_t(0), size_t(1)}) {
            std::map<std::string, PlannedSeries> lines;
            for (const PlannedSeries& p : plan)
                if (p.run == run && p.style == ChartSpec::SeriesStyle::Line)
                    lines[p.key] = p;
            QCOMPARE(lines.size(), size_t(3));
            const PlannedSeries &rented = lines["gpus_rented"], &average = lines["average_rented_gpus"],
                                &budget = lines["budget_gpus"];
            QVERIFY(average.lineScale >= 2 * rented.lineScale);
            QVERIFY(average.lineScale > budget.lineScale && budget.lineScale > rented.lineScale);
            QVERIFY(budget.dashed);
            QCOMPARE(rented.dashed, run == 1);
            QCOMPARE(average.dashed, run == 1);
        }
        // The export draws those weights (the spec's series, in plan order).
        const ChartSpec spec = ChartRegistry::chart(TrainingRentalRun::kKind, "rented-by-type")->build(both, {}, {}).front();
        QCOMPARE(spec.series.size(), plan.size());
        for (qsizetype i = 0; i < plan.size(); ++i)
            QCOMPARE(spec.series[i].lineScale, plan[i].lineScale);
    }

    // A JCT CDF per run, in the run's colour, B dashed: the training kind's chart, with its log
    // axis rule, drawn from this kind's jct_h; the JCT tab is the placement kind's QML.
    void jctCdfPerRun()
    {
        const RunKind& kind = RunKindRegistry::kind(TrainingRentalRun::kKind);
        const auto boa = kind.simulate(kind.conformanceSample(), RunRequest{"boa", {}});
        const auto fixed = kind.simulate(kind.conformanceSample(), RunRequest{"fixed:1", {}});
        const ChartRuns runs{boa.get(), fixed.get()};
        RunChartOptions options;
        options.runColors = {QColor(Qt::red), QColor(Qt::blue)};
        const RegisteredChart* chart = ChartRegistry::chart(TrainingRentalRun::kKind, "jct-cdf");
        QVERIFY(chart);
        const QList<ChartSpec> panels = chart->build(runs, options, {});
        QCOMPARE(panels.size(), 1);
        const ChartSpec& spec = panels.front();
        QCOMPARE(spec.series.size(), 2);
        QCOMPARE(spec.series[0].color, QColor(Qt::red));
        QCOMPARE(spec.series[1].color, QColor(Qt::blue));
        QVERIFY(!spec.series[0].dashed);
        QVERIFY(spec.series[1].dashed);
        // Every job once: the curve climbs to 100 % in as many steps as the run has jobs.
        QCOMPARE(spec.series[0].points.size(), qsizetype(boa->distributions().front().values.size() + 1));
        QCOMPARE(spec.series[0].points.back().y(), 100.0);
        // The log-axis rule of the placement kind: by the JCTs' span unless the options say.
        double lo = 1e300, hi = 0;
        for (const Run* run : runs) {
            const std::vector<Distribution> distributions = run->distributions();  // kept: values are read from it
            for (double v : distributions.front().values) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
        }
        QCOMPARE(spec.x.logarithmic, JctCdfChart::spansDecades(lo, hi));
        options.logarithmicX = !spec.x.logarithmic;
        QCOMPARE(chart->build(runs, options, {}).front().x.logarithmic, !spec.x.logarithmic);
        const RegisteredView* tab = ChartRegistry::view(TrainingRentalRun::kKind, "jct");
        QVERIFY(tab);
        QCOMPARE(tab->qml, QStringLiteral("training/JctView.qml"));
        QCOMPARE(tab->charts, std::vector<std::string>{"jct-cdf"});
    }

    // Compared, two runs that end at different times differ up to the later end: a rental run
    // after its last completion rents nothing and has done every job (Run::afterEnd), so the
    // differences do not stop at the shorter run's end.
    void differencesRunToTheLaterEnd()
    {
        const RunKind& kind = RunKindRegistry::kind(TrainingRentalRun::kKind);
        const auto boa = kind.simulate(kind.conformanceSample(), RunRequest{"boa", {}});
        const auto fixed = kind.simulate(kind.conformanceSample(), RunRequest{"fixed:1", {}});
        const double endA = boa->series().column(0).back(), endB = fixed->series().column(0).back();
        QVERIFY(endA != endB);
        const std::vector<double> after = fixed->afterEnd();
        QCOMPARE(after.size(), fixed->series().columns());
        QCOMPARE(after[*fixed->series().find("gpus_rented")], 0.0);
        QCOMPARE(after[*fixed->series().find("jobs_completed")], double(fixed->distributions().front().values.size()));
        for (const auto& [a, b] : {std::pair{boa.get(), fixed.get()}, std::pair{fixed.get(), boa.get()}}) {
            const ChartRuns runs{a, b};
            const RunChartFrame frame(runs, {});
            const QList<ChartSpec> panels = ChartRegistry::chart(TrainingRentalRun::kKind, "difference")->build(runs, {}, {});
            QVERIFY(!panels.isEmpty());
            for (const ChartSpec::Series& s : panels.front().series)
                QVERIFY2(qAbs(s.points.back().x() - std::max(endA, endB) * frame.xScale()) < 1e-9,
                         qPrintable(QStringLiteral("%1 ends at %2").arg(s.name).arg(s.points.back().x())));
        }
    }

    // The job Gantt: a bar per job from its start to its end, coloured by its type, on slots
    // that never hold two jobs at once, as many slots as jobs ever ran at once; each label says
    // the width. Exported per run, the bars in the category colours, faint after the cursor.
    void ganttOfJobsOnSlots()
    {
        const RunKind& kind = RunKindRegistry::kind(TrainingRentalRun::kKind);
        const auto run = kind.simulate(kind.conformanceSample(), RunRequest{"boa", {}});
        const auto& rental = dynamic_cast<const TrainingRentalRun&>(*run);
        const RunIntervals& all = run->intervals();
        const std::vector<RentalJobRecord>& jobs = rental.result().jobs;
        QCOMPARE(all.intervals.size(), jobs.size());
        QCOMPARE(all.categories.size(), rental.inputs().workload().types.size());
        QVERIFY(all.subjects.empty());
        std::map<uint32_t, std::vector<std::pair<double, double>>> byLane;
        size_t mostAtOnce = 0;
        for (const RentalJobRecord& job : jobs) {
            size_t atOnce = 0;  // running at this job's start, itself included
            for (const RentalJobRecord& other : jobs)
                atOnce += other.startS <= job.startS && other.endS > job.startS;
            mostAtOnce = std::max(mostAtOnce, atOnce);
        }
        for (const RunInterval& bar : all.intervals) {
            const auto job = std::find_if(jobs.begin(), jobs.end(), [&](const RentalJobRecord& j) {
                return bar.label.rfind("job " + std::to_string(j.id) + " ", 0) == 0;
            });
            QVERIFY2(job != jobs.end(), bar.label.c_str());
            QCOMPARE(bar.fromX, job->startS / 3600);
            QCOMPARE(bar.toX, job->endS / 3600);
            QCOMPARE(bar.category, int32_t(job->type));
            QVERIFY2(QString::fromStdString(bar.label).contains(QStringLiteral(" GPU")), bar.label.c_str());
            QVERIFY(bar.lane < all.lanes.size());
            byLane[bar.lane].push_back({bar.fromX, bar.toX});
        }
        for (auto& [lane, spans] : byLane) {
            std::sort(spans.begin(), spans.end());
            for (size_t i = 1; i < spans.size(); ++i)
                QVERIFY2(spans[i].first >= spans[i - 1].second, qPrintable(QStringLiteral("slot %1 overlaps").arg(lane)));
        }
        QCOMPARE(all.lanes.size(), mostAtOnce);
        QVERIFY(mostAtOnce > 1);

        // Exported: one panel per run, the types keyed in their series colours, a CSV row per bar.
        const auto other = kind.simulate(kind.conformanceSample(), RunRequest{"fixed:2", {}});
        const ChartRuns runs{run.get(), other.get()};
        RunChartOptions options;
        options.cursor = run->steps() / 2;
        const RegisteredChart* chart = ChartRegistry::chart(TrainingRentalRun::kKind, "gantt");
        QVERIFY(chart);
        QVERIFY(chart->perRun);
        const QList<ChartSpec> panels = chart->build(runs, options, {});
        QCOMPARE(panels.size(), 2);
        // One x range for both runs, to the later end, so that their bars line up.
        const double end = std::max(run->series().column(0).back(), other->series().column(0).back());
        QVERIFY(run->series().column(0).back() != other->series().column(0).back());
        for (const ChartSpec& panel : panels) {
            QCOMPARE(panel.heatmap->xMin, panels.front().heatmap->xMin);
            QCOMPARE(panel.heatmap->xMax, end);
        }
        const ChartSpec& spec = panels.front();
        QVERIFY(spec.heatmap);
        QCOMPARE(spec.heatmap->keys.size(), qsizetype(all.categories.size()));
        for (qsizetype c = 0; c < spec.heatmap->keys.size(); ++c) {
            QCOMPARE(spec.heatmap->keys[c].name, QString::fromStdString(all.categories[size_t(c)]));
            QCOMPARE(spec.heatmap->keys[c].color, ChartColors::seriesColor(int(c)));
        }
        QCOMPARE(spec.heatmap->rowNames.size(), qsizetype(jobs.size()));
        QCOMPARE(ChartCsv::toCsv(spec).count('\n'), qsizetype(jobs.size() + 1));
        QVERIFY(std::any_of(spec.markers.begin(), spec.markers.end(),
                            [](const ChartSpec::Marker& m) { return m.label == QStringLiteral("cursor"); }));
        // A bar that starts after the cursor is faint, one before it opaque, in its type's colour.
        const double cursorX = run->series().column(0)[*options.cursor];
        const QImage& image = spec.heatmap->image;
        const auto pixelOf = [&](const RunInterval& bar) {
            const double t = (bar.fromX + bar.toX) / 2;
            const int column = int((t - spec.heatmap->xMin) / (spec.heatmap->xMax - spec.heatmap->xMin) * image.width());
            return image.pixelColor(std::clamp(column, 0, image.width() - 1), int(bar.lane) * 4 + 1);
        };
        int before = 0, after = 0;
        for (const RunInterval& bar : all.intervals) {
            const QColor pixel = pixelOf(bar);
            QCOMPARE(pixel.rgb(), ChartColors::seriesColor(bar.category).rgb());
            if (bar.fromX > cursorX) {
                QVERIFY(pixel.alphaF() < 0.5);
                ++after;
            } else {
                QCOMPARE(pixel.alpha(), 255);
                ++before;
            }
        }
        QVERIFY(before > 0 && after > 0);
        const RegisteredView* view = ChartRegistry::view(TrainingRentalRun::kKind, "gantt");
        QVERIFY(view && view->qml.isEmpty());  // `tessera-cli chart gantt`; in the app a mode of the occupancy tab
    }
};

QTEST_MAIN(TestRentalCharts)
#include "tst_rentalcharts.moc"
