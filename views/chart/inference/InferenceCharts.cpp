#include "chart/inference/InferenceCharts.h"

#include "chart/RunCharts.h"
#include "inference/InferenceRun.h"

namespace tessera::chart {

namespace {

// A metric over all requests beside the same metric per model (a family): the overall line in
// the run's colour, the models in the palette's colours (which no run colour is in).
SeriesPlan::List overallAndPerModel(const RunChartFrame& frame, const std::string& key, const char* family)
{
    SeriesPlan::List plan = SeriesPlan::metric(frame, key);
    for (PlannedSeries& series : plan)
        series.name = SeriesPlan::ownName(frame, QStringLiteral("all requests"), series.run);
    plan.append(SeriesPlan::family(frame, family));
    return plan;
}

}  // namespace

SeriesPlan::List InferenceCharts::fleetPlan(const RunChartFrame& frame)
{
    return SeriesPlan::metrics(frame, {"gpus_used", "instances"});
}

SeriesPlan::List InferenceCharts::utilisationPlan(const RunChartFrame& frame)
{
    return SeriesPlan::metric(frame, "slice_util_pct");
}

SeriesPlan::List InferenceCharts::sloPlan(const RunChartFrame& frame)
{
    return overallAndPerModel(frame, "slo_attainment_pct", InferenceRun::kSloByModelFamily);
}

SeriesPlan::List InferenceCharts::latencyPlan(const RunChartFrame& frame)
{
    return overallAndPerModel(frame, "p99_ms", InferenceRun::kP99ByModelFamily);
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
