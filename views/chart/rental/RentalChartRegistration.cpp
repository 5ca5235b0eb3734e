// The training-rent kind's charts, registered before main(): GPUs rented against the budget line
// and the jobs running and queued, so that export, the report and `tessera-cli chart` draw a
// rental run. The app's own rental views (the stacked types, the frontier) are a later task's.
#include "chart/KindChartHelpers.h"
#include "chart/RunChartFrame.h"
#include "training/rental-kind/TrainingRentalRun.h"

namespace tessera::chart {

namespace {

constexpr const char* kKind = TrainingRentalRun::kKind;

using kindcharts::overlay;
using kindcharts::plannedFromZero;
using kindcharts::titled;

SeriesPlan::List rentedPlan(const RunChartFrame& frame)
{
    SeriesPlan::List plan = SeriesPlan::labelled(frame, "gpus_rented", 0, 0);
    plan.append(SeriesPlan::labelled(frame, "average_rented_gpus", 1, 1));
    plan.append(SeriesPlan::labelled(frame, "budget_gpus", 3, 2));
    return plan;
}

SeriesPlan::List jobsPlan(const RunChartFrame& frame)
{
    SeriesPlan::List plan = SeriesPlan::labelled(frame, "jobs_running", 0, 0);
    plan.append(SeriesPlan::labelled(frame, "jobs_queued", 3, 1));
    return plan;
}

ChartSpec rented(const ChartRuns& runs, const RunChartOptions& options)
{
    return plannedFromZero(runs, options, rentedPlan,
                           "GPUs rented over time, their average so far and the budget", "GPUs", "GPUs");
}

ChartSpec jobs(const ChartRuns& runs, const RunChartOptions& options)
{
    return plannedFromZero(runs, options, jobsPlan, "Jobs running and queued", "Jobs", "jobs");
}

const ChartRegistration rentedChart({kKind, "rented", titled("GPUs rented against the budget"), overlay(&rented),
                                     rentedPlan});
const ChartRegistration jobsChart({kKind, "jobs", titled("Jobs running and queued"), overlay(&jobs), jobsPlan});

}  // namespace

}  // namespace tessera::chart
