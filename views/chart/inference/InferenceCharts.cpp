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

namespace {

// One chart of an inference plan: a y axis from 0, capped at 100 for percentages.
ChartSpec planned(const ChartRuns& runs, const RunChartOptions& options,
                  SeriesPlan::List (*plan)(const RunChartFrame&), const char* title, const char* yLabel,
                  const char* unit)
{
    ChartSpec spec = RunCharts::planned(runs, options, plan, QString::fromUtf8(title), QString::fromUtf8(yLabel),
                                        QString::fromUtf8(unit));
    spec.y.includeZero = true;
    if (QByteArray(unit) == "%")
        spec.y.max = 100;
    return spec;
}

}  // namespace

ChartSpec InferenceCharts::fleet(const ChartRuns& runs, const RunChartOptions& options)
{
    return planned(runs, options, fleetPlan, "GPUs used and GPU instances", "GPUs, instances", "count");
}

ChartSpec InferenceCharts::utilisation(const ChartRuns& runs, const RunChartOptions& options)
{
    return planned(runs, options, utilisationPlan, "Slice utilisation: compute slices allocated / (7 × GPUs used)",
                   "Slice utilisation", "%");
}

ChartSpec InferenceCharts::slo(const ChartRuns& runs, const RunChartOptions& options)
{
    return planned(runs, options, sloPlan, "SLO attainment per step, all and per model", "SLO attainment", "%");
}

ChartSpec InferenceCharts::latency(const ChartRuns& runs, const RunChartOptions& options)
{
    return planned(runs, options, latencyPlan, "p99 latency per step, all and per model", "p99 latency", "ms");
}

}  // namespace tessera::chart
