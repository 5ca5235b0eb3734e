#include "chart/inference/InferenceCharts.h"

#include "chart/KindChartHelpers.h"
#include "chart/RunCharts.h"
#include "inference/InferenceRun.h"

namespace tessera::chart {

SeriesPlan::List InferenceCharts::fleetPlan(const RunChartFrame& frame)
{
    // Two metrics of each run: named by the metric, not the run (the subtitle names the runs).
    SeriesPlan::List plan = SeriesPlan::labelled(frame, "gpus_used", 0, 0);
    plan.append(SeriesPlan::labelled(frame, "instances", 3, 1));
    return plan;
}

SeriesPlan::List InferenceCharts::utilisationPlan(const RunChartFrame& frame)
{
    return SeriesPlan::metric(frame, "slice_util_pct");
}

// A run's overall series beside its per-model ones: in the run's colour, named "all models"
// (the legend's other entries are models, not runs).
SeriesPlan::List InferenceCharts::overall(const RunChartFrame& frame, std::string_view key)
{
    SeriesPlan::List plan = SeriesPlan::metric(frame, key);
    for (PlannedSeries& series : plan)
        series.name = SeriesPlan::ownName(frame, QStringLiteral("all models"), series.run);
    return plan;
}

SeriesPlan::List InferenceCharts::sloPlan(const RunChartFrame& frame)
{
    SeriesPlan::List plan = overall(frame, "slo_attainment_pct");
    plan.append(SeriesPlan::family(frame, InferenceRun::kSloByModelFamily));
    return plan;
}

SeriesPlan::List InferenceCharts::latencyPlan(const RunChartFrame& frame)
{
    SeriesPlan::List plan = overall(frame, "p99_ms");
    plan.append(SeriesPlan::family(frame, InferenceRun::kP99ByModelFamily));
    return plan;
}

using kindcharts::plannedFromZero;

ChartSpec InferenceCharts::fleet(const ChartRuns& runs, const RunChartOptions& options)
{
    return plannedFromZero(runs, options, fleetPlan, "GPUs used and GPU instances", "GPUs, instances", "count");
}

ChartSpec InferenceCharts::utilisation(const ChartRuns& runs, const RunChartOptions& options)
{
    return plannedFromZero(runs, options, utilisationPlan, "Slice utilisation: compute slices allocated / (7 × GPUs used)",
                   "Slice utilisation", "%");
}

ChartSpec InferenceCharts::slo(const ChartRuns& runs, const RunChartOptions& options)
{
    return plannedFromZero(runs, options, sloPlan, "SLO attainment per step, all and per model", "SLO attainment", "%");
}

ChartSpec InferenceCharts::latency(const ChartRuns& runs, const RunChartOptions& options)
{
    return plannedFromZero(runs, options, latencyPlan, "p99 latency per step, all and per model", "p99 latency", "ms");
}

}  // namespace tessera::chart
