#include "chart/pod/PodCharts.h"

#include "chart/ChartColors.h"
#include "chart/pod/PodSeriesPlans.h"

#include <algorithm>

namespace tessera::chart {

namespace {

QString metricLabel(const Run& run, std::string_view key, const char* fallback)
{
    const auto column = run.series().find(key);
    return column ? QString::fromStdString(run.series().info(*column).label) : QString::fromLatin1(fallback);
}

}  // namespace

ChartSpec PodCharts::allocation(const Runs& runs, const RunChartOptions& options)
{
    const RunChartFrame frame(runs, options);
    ChartSpec spec = RunCharts::planned(runs, options, PodSeriesPlans::allocation,
                                        frame.steppedAxis() ? QStringLiteral("GPU allocation over time")
                                                            : QStringLiteral("GPU allocation vs arrived workload"),
                                        metricLabel(*runs.front(), "alloc_pct", "GPU allocation"), QStringLiteral("%"));
    spec.y.min = 0;
    spec.y.max = 100;
    if (!frame.steppedAxis()) {
        // The FGD paper's diagonal, as in the app: every arrived GPU allocated.
        const double top = std::min(100.0, frame.xMax());
        spec.series.prepend({QStringLiteral("every arrived GPU allocated"), ChartColors::referenceLine(),
                             {QPointF(0, 0), QPointF(top, top)}, ChartSpec::SeriesStyle::Line, true, Steps::None, {}});
    }
    return spec;
}

ChartSpec PodCharts::failedPods(const Runs& runs, const RunChartOptions& options)
{
    ChartSpec spec = RunCharts::planned(runs, options, PodSeriesPlans::failedPods, QStringLiteral("Failed pods by class"),
                                        QStringLiteral("Failed pods"), QStringLiteral("pods"));
    spec.y.includeZero = true;
    return spec;
}

ChartSpec PodCharts::power(const Runs& runs, const RunChartOptions& options)
{
    ChartSpec spec = RunCharts::planned(runs, options, PodSeriesPlans::power,
                                        QStringLiteral("Cluster power, CPU and GPU stacked"), QStringLiteral("Power"),
                                        QStringLiteral("kW"));
    spec.y.includeZero = true;
    return spec;
}

std::optional<ChartSpec> PodCharts::powerByModel(const Runs& runs, const RunChartOptions& options)
{
    ChartSpec spec = RunCharts::planned(runs, options, PodSeriesPlans::powerByModel,
                                        QStringLiteral("GPU power by GPU model"), QStringLiteral("GPU power"),
                                        QStringLiteral("kW"));
    spec.y.includeZero = true;
    if (spec.series.isEmpty())
        return std::nullopt;
    return spec;
}

ChartSpec PodCharts::fragmentationRate(const Runs& runs, const RunChartOptions& options)
{
    ChartSpec spec = RunCharts::planned(runs, options, PodSeriesPlans::fragmentationRate,
                                        QStringLiteral("Cluster fragmentation rate"),
                                        metricLabel(*runs.front(), "frag_rate_pct", "Fragmentation rate"),
                                        QStringLiteral("%"));
    spec.y.includeZero = true;
    return spec;
}

QList<ChartSpec> PodCharts::difference(const Run& a, const Run& b, const RunChartOptions& options)
{
    return RunCharts::difference(a, b, options, PodSeriesPlans::difference);
}

}  // namespace tessera::chart
