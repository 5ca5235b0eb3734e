#include "chart/pod/PodSeriesPlans.h"

#include "chart/ChartColors.h"
#include "run/PodSchedulingRun.h"

namespace tessera::chart {

namespace {

bool hasColumn(const Run& run, std::string_view key) { return run.series().find(key).has_value(); }

QString labelOf(const Run& run, std::string_view key)
{
    const auto column = run.series().find(key);
    return column ? QString::fromStdString(run.series().info(*column).label) : QString::fromUtf8(key);
}

}  // namespace

PodSeriesPlans::List PodSeriesPlans::allocation(const RunChartFrame& frame) { return SeriesPlan::metric(frame, "alloc_pct"); }

PodSeriesPlans::List PodSeriesPlans::fragmentationRate(const RunChartFrame& frame)
{
    return SeriesPlan::metric(frame, "frag_rate_pct");
}

PodSeriesPlans::List PodSeriesPlans::failedPods(const RunChartFrame& frame)
{
    List plan = SeriesPlan::family(frame, PodSchedulingRun::kFailedByClassFamily, true);
    if (plan.isEmpty())  // nothing failed: show the flat totals rather than an empty frame
        for (size_t i = 0; i < frame.runCount(); ++i)
            plan.append({QStringLiteral("All classes · %1").arg(frame.runName(i)), frame.runColor(i),
                         ChartSpec::SeriesStyle::Line, i > 0, SeriesPlan::steps(frame.run(i), "failed_pods"), i,
                         "failed_pods", {}, {}});
    return plan;
}

PodSeriesPlans::List PodSeriesPlans::power(const RunChartFrame& frame)
{
    List plan;
    const Run& first = frame.run(0);
    if (hasColumn(first, "cpu_power_kw") && hasColumn(first, "gpu_power_kw")) {
        plan.append({SeriesPlan::ownName(frame, labelOf(first, "cpu_power_kw"), 0), ChartColors::seriesColor(2),
                     ChartSpec::SeriesStyle::StackedArea, false, SeriesPlan::steps(first, "cpu_power_kw"), 0,
                     "cpu_power_kw", {}, {}});
        plan.append({SeriesPlan::ownName(frame, labelOf(first, "gpu_power_kw"), 0), ChartColors::seriesColor(0),
                     ChartSpec::SeriesStyle::StackedArea, false, SeriesPlan::steps(first, "gpu_power_kw"), 0,
                     "gpu_power_kw", {"cpu_power_kw"}, {}});
    }
    for (PlannedSeries total : SeriesPlan::metric(frame, "power_kw")) {
        total.name = QStringLiteral("%1: total").arg(total.name);
        plan.append(total);
    }
    return plan;
}

PodSeriesPlans::List PodSeriesPlans::powerByModel(const RunChartFrame& frame)
{
    return SeriesPlan::family(frame, PodSchedulingRun::kGpuPowerByModelFamily);
}

PodSeriesPlans::List PodSeriesPlans::difference(const RunChartFrame& frame)
{
    return SeriesPlan::difference(frame, {"alloc_pct", "frag_rate_pct", "power_kw"});
}

}  // namespace tessera::chart
