#include "chart/training/TrainingCharts.h"

#include "chart/ChartError.h"
#include "chart/KindChartHelpers.h"

namespace tessera::chart {

SeriesPlan::List TrainingCharts::jobsPlan(const RunChartFrame& frame)
{
    // Two metrics of each run: named by the metric, not the run (the subtitle names the runs).
    SeriesPlan::List plan = SeriesPlan::labelled(frame, "jobs_running", 0, 0);
    plan.append(SeriesPlan::labelled(frame, "jobs_queued", 3, 1));
    return plan;
}

SeriesPlan::List TrainingCharts::utilisationPlan(const RunChartFrame& frame)
{
    return SeriesPlan::metric(frame, "utilisation_pct");
}

SeriesPlan::List TrainingCharts::preemptionsPlan(const RunChartFrame& frame)
{
    return SeriesPlan::metric(frame, "preemptions");
}

using kindcharts::plannedFromZero;

ChartSpec TrainingCharts::jobs(const ChartRuns& runs, const RunChartOptions& options)
{
    return plannedFromZero(runs, options, jobsPlan, "Jobs running and queued per round", "Jobs", "jobs");
}

ChartSpec TrainingCharts::utilisation(const ChartRuns& runs, const RunChartOptions& options)
{
    // "Busy (%)", short: the app's panel is low at 1280x800, and the title says what it is.
    return plannedFromZero(runs, options, utilisationPlan, "GPU utilisation per round: busy GPUs / all GPUs",
                   "Busy", "%");
}

ChartSpec TrainingCharts::preemptions(const ChartRuns& runs, const RunChartOptions& options)
{
    return plannedFromZero(runs, options, preemptionsPlan,
                   "Preemptions per round: running jobs moved or stopped", "Jobs", "jobs");
}

}  // namespace tessera::chart
