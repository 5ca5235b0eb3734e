#include "chart/inference/InferenceCharts.h"

#include "chart/RunCharts.h"
#include "inference/InferenceRun.h"

namespace tessera::chart {

SeriesPlan::List InferenceCharts::fleetPlan(const RunChartFrame& frame)
{
    // Two metrics of each run: named by the metric, not the run (the subtitle names the runs).
    SeriesPlan::List plan = SeriesPlan::labelled(frame, "gpus_used", 0);
    plan.append(SeriesPlan::labelled(frame, "instances", 3));
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

ChartSpec InferenceCharts::fleet(const ChartRuns& runs, const RunChartOptions& options)
{
    ChartSpec spec = RunCharts::planned(runs, options, fleetPlan, QStringLiteral("GPUs used and GPU instances"),
                                        QStringLiteral("GPUs, instances"), QStringLiteral("count"));
    spec.y.includeZero = true;
    return spec;
}

ChartSpec InferenceCharts::utilisation(const ChartRuns& runs, const RunChartOptions& options)
{
    ChartSpec spec = RunCharts::planned(runs, options, utilisationPlan,
                                        QStringLiteral("Slice utilisation: compute slices allocated / (7 × GPUs used)"),
                                        QStringLiteral("Slice utilisation"), QStringLiteral("%"));
    spec.y.min = 0;
    spec.y.max = 100;
    return spec;
}

ChartSpec InferenceCharts::slo(const ChartRuns& runs, const RunChartOptions& options)
{
    ChartSpec spec = RunCharts::planned(runs, options, sloPlan, QStringLiteral("SLO attainment per step, all and per model"),
                                        QStringLiteral("SLO attainment"), QStringLiteral("%"));
    spec.y.includeZero = true;
    return spec;
}

ChartSpec InferenceCharts::latency(const ChartRuns& runs, const RunChartOptions& options)
{
    ChartSpec spec = RunCharts::planned(runs, options, latencyPlan, QStringLiteral("p99 latency per step, all and per model"),
                                        QStringLiteral("p99 latency"), QStringLiteral("ms"));
    spec.y.includeZero = true;
    return spec;
}

}  // namespace tessera::chart
