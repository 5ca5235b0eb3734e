// The training-rent kind's charts, registered before main(): GPUs rented against the budget line
// stacked per job type, the jobs running and queued, the JCT CDF per run and the job Gantt (the
// charts the training-placement kind has too: JctCdfChart, GanttChart), so that the app's tabs,
// export, the report and `tessera-cli chart` draw a rental run from one plan each.
#include "chart/ChartColors.h"
#include "chart/GanttChart.h"
#include "chart/JctCdfChart.h"
#include "chart/KindChartHelpers.h"
#include "chart/RunChartFrame.h"
#include "chart/rental/BudgetAxis.h"
#include "chart/training/TrainingCharts.h"
#include "training/rental-kind/TrainingRentalRun.h"

namespace tessera::chart {

namespace {

constexpr const char* kKind = TrainingRentalRun::kKind;

using kindcharts::overlay;
using kindcharts::plannedFromZero;
using kindcharts::titled;

// A run's three lines share its hue, so they are told apart by weight as well as shade (the
// report's three oranges of one run, and B's two dashed teals, read as one): the GPUs rented,
// spiky, thin; the average so far, what the budget bounds, bold; the budget dashed.
constexpr double kRentedWeight = 0.6;
constexpr double kAverageWeight = 1.7;

SeriesPlan::List weighted(SeriesPlan::List plan, double lineScale)
{
    for (PlannedSeries& p : plan)
        p.lineScale = lineScale;
    return plan;
}

SeriesPlan::List rentedPlan(const RunChartFrame& frame)
{
    SeriesPlan::List plan = weighted(SeriesPlan::labelled(frame, "gpus_rented", 0, 0), kRentedWeight);
    plan.append(weighted(SeriesPlan::labelled(frame, "average_rented_gpus", 1, 1), kAverageWeight));
    plan.append(SeriesPlan::labelled(frame, "budget_gpus", 3, 2));
    return plan;
}

// The first run's GPUs held per job type (the gpus_by_type family), stacked bottom to top in the
// kind's type order, so their top is the GPUs rented; over them every run's lines, named short
// with the run's letter (the subtitle says which run is A and B): the GPUs rented in a lighter
// shade of the run's colour, the average rented so far (the quantity the budget bounds) in the
// run's colour and bold, the budget dashed in a darker shade, so that the three never read as one
// line (the GPUs rented thin: weight tells them apart where shades, all held legible on white
// paper by ChartColors::legibleOn, come close).
SeriesPlan::List rentedByTypePlan(const RunChartFrame& frame)
{
    SeriesPlan::List plan;
    std::vector<std::string> below;
    for (PlannedSeries type : SeriesPlan::family(frame, TrainingRentalRun::kGpusByTypeFamily)) {
        if (type.run != 0)
            continue;
        type.style = ChartSpec::SeriesStyle::StackedArea;
        type.below = below;
        below.push_back(type.key);
        plan.append(type);
    }
    for (PlannedSeries total : SeriesPlan::metric(frame, "gpus_rented")) {
        total.name = SeriesPlan::ownName(frame, QStringLiteral("Rented"), total.run);
        total.color = ChartColors::runShade(total.color, 1);
        total.lineScale = kRentedWeight;
        plan.append(total);
    }
    for (PlannedSeries average : SeriesPlan::metric(frame, "average_rented_gpus")) {
        average.name = SeriesPlan::ownName(frame, QStringLiteral("Average so far"), average.run);
        average.lineScale = kAverageWeight;
        plan.append(average);
    }
    for (PlannedSeries budget : SeriesPlan::metric(frame, "budget_gpus")) {
        budget.name = SeriesPlan::ownName(frame, QStringLiteral("Budget"), budget.run);
        budget.color = ChartColors::runShades(budget.color, 0);
        budget.dashed = true;
        plan.append(budget);
    }
    return plan;
}

// The placement kind's plan: the same two metrics of each run.
constexpr auto jobsPlan = &TrainingCharts::jobsPlan;

// Both charts of GPUs against the budget: y fitted to the budget as the app's tab fits it.
ChartSpec rented(const ChartRuns& runs, const RunChartOptions& options)
{
    ChartSpec spec = plannedFromZero(runs, options, rentedPlan,
                                     "GPUs rented over time, their average so far and the budget", "GPUs", "GPUs");
    BudgetAxis::of(runs).apply(spec);
    return spec;
}

ChartSpec rentedByType(const ChartRuns& runs, const RunChartOptions& options)
{
    ChartSpec spec = plannedFromZero(runs, options, rentedByTypePlan,
                                     "GPUs rented per job type, stacked, their average so far and the budget",
                                     "GPUs", "GPUs");
    BudgetAxis::of(runs).apply(spec);
    return spec;
}

ChartSpec jobs(const ChartRuns& runs, const RunChartOptions& options)
{
    return plannedFromZero(runs, options, jobsPlan, "Jobs running and queued", "Jobs", "jobs");
}

const ChartRegistration rentedChart({kKind, "rented", titled("GPUs rented against the budget"), overlay(&rented),
                                     rentedPlan});
const ChartRegistration rentedByTypeChart({kKind, "rented-by-type", titled("GPUs rented per job type"),
                                           overlay(&rentedByType), rentedByTypePlan});
const ChartRegistration jobsChart({kKind, "jobs", titled("Jobs running and queued"), overlay(&jobs), jobsPlan});
const ChartRegistration jctCdfChart(JctCdfChart::chart(kKind));
const ChartRegistration ganttChart(GanttChart::chart(kKind));

const ViewRegistration rentedView({kKind, "rented", QStringLiteral("Rented vs budget"), QStringLiteral("rental/RentedView.qml"),
                                   {"rented-by-type", "jobs"},
                                   "GPUs rented per job type, stacked, their average so far against the budget; jobs "
                                   "running and queued"});
// The placement kind's JCT tab, as it is: the same chart id draws this kind's runs.
const ViewRegistration jctView({kKind, "jct", QStringLiteral("JCT CDF"), QStringLiteral("training/JctView.qml"),
                                {"jct-cdf"}, "The cumulative distribution of job completion times, per run"});
// The Gantt is a mode of the occupancy tab (no tab of its own): this makes it `tessera-cli chart gantt`.
const ViewRegistration ganttView({kKind, "gantt", QStringLiteral("Gantt"), QString(), {"gantt"},
                                  "each job as a bar while it runs, on slots (a lane holds one running job at a "
                                  "time), coloured by job type, the cursor at --at"});

}  // namespace

}  // namespace tessera::chart
