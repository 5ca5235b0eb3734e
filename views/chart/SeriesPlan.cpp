#include "chart/SeriesPlan.h"

#include "chart/ChartColors.h"

#include <algorithm>

namespace tessera::chart {

namespace {

constexpr std::string_view kFailedPrefix = "failed_";
constexpr std::string_view kFailedTotal = "failed_pods";
constexpr std::string_view kGpuPowerPrefix = "gpu_power_kw:";

bool hasColumn(const Run& run, std::string_view key) { return run.series().find(key).has_value(); }

bool anyPositive(const Run& run, std::string_view key)
{
    const auto column = run.series().find(key);
    if (!column)
        return false;
    const auto values = run.series().column(*column);
    return std::any_of(values.begin(), values.end(), [](double v) { return v > 0; });
}

// The keys of the first run that start with `prefix`, in series order, less `except`.
std::vector<std::string> keysWithPrefix(const Run& run, std::string_view prefix, std::string_view except = {})
{
    std::vector<std::string> keys;
    const MetricSeries& s = run.series();
    for (size_t c = 0; c < s.columns(); ++c)
        if (s.info(c).key.starts_with(prefix) && s.info(c).key != except)
            keys.push_back(s.info(c).key);
    return keys;
}

QString labelOf(const Run& run, std::string_view key)
{
    const auto column = run.series().find(key);
    return column ? QString::fromStdString(run.series().info(*column).label) : QString::fromUtf8(key);
}

// A series of the chart's own (a class, a model) for run i: with the run's letter when several
// runs share the chart (the subtitle says which run is A and which B), so legends stay short.
QString ownSeriesName(const RunChartFrame& frame, const QString& name, size_t run)
{
    return frame.runCount() > 1 ? QStringLiteral("%1 · %2").arg(name, frame.runLetter(run)) : name;
}

}  // namespace

SeriesPlan::List SeriesPlan::metric(const RunChartFrame& frame, std::string_view key)
{
    List plan;
    for (size_t i = 0; i < frame.runCount(); ++i)
        if (hasColumn(frame.run(i), key))
            plan.append({frame.runName(i), frame.runColor(i), ChartSpec::SeriesStyle::Line, i > 0, stepped(frame.run(i), key), i,
                         std::string(key), {}, {}});
    return plan;
}

SeriesPlan::List SeriesPlan::allocation(const RunChartFrame& frame) { return metric(frame, "alloc_pct"); }

SeriesPlan::List SeriesPlan::fragmentationRate(const RunChartFrame& frame) { return metric(frame, "frag_rate_pct"); }

SeriesPlan::List SeriesPlan::failedPods(const RunChartFrame& frame)
{
    List plan;
    // The classes are the failed_* columns of the first run, in its order; a class keeps its
    // colour whichever classes fail, and only classes with failures are drawn.
    const std::vector<std::string> classes = keysWithPrefix(frame.run(0), kFailedPrefix, kFailedTotal);
    for (size_t c = 0; c < classes.size(); ++c)
        for (size_t i = 0; i < frame.runCount(); ++i)
            if (anyPositive(frame.run(i), classes[c]))
                plan.append({ownSeriesName(frame, QString::fromStdString(classes[c].substr(kFailedPrefix.size())), i),
                             ChartColors::seriesColor(int(c)),
                             ChartSpec::SeriesStyle::Line, i > 0, stepped(frame.run(i), classes[c]), i, classes[c], {}, {}});
    if (plan.isEmpty())  // nothing failed: show the flat totals rather than an empty frame
        for (size_t i = 0; i < frame.runCount(); ++i)
            plan.append({QStringLiteral("All classes · %1").arg(frame.runName(i)), frame.runColor(i),
                         ChartSpec::SeriesStyle::Line, i > 0, stepped(frame.run(i), kFailedTotal), i,
                         std::string(kFailedTotal), {}, {}});
    return plan;
}

SeriesPlan::List SeriesPlan::power(const RunChartFrame& frame)
{
    List plan;
    const Run& first = frame.run(0);
    if (hasColumn(first, "cpu_power_kw") && hasColumn(first, "gpu_power_kw")) {
        plan.append({ownSeriesName(frame, labelOf(first, "cpu_power_kw"), 0), ChartColors::seriesColor(2), ChartSpec::SeriesStyle::StackedArea,
                     false, stepped(first, "cpu_power_kw"), 0, "cpu_power_kw", {}, {}});
        plan.append({ownSeriesName(frame, labelOf(first, "gpu_power_kw"), 0), ChartColors::seriesColor(0), ChartSpec::SeriesStyle::StackedArea,
                     false, stepped(first, "gpu_power_kw"), 0, "gpu_power_kw", {"cpu_power_kw"}, {}});
    }
    for (PlannedSeries total : metric(frame, "power_kw")) {
        total.name = QStringLiteral("%1: total").arg(total.name);
        plan.append(total);
    }
    return plan;
}

SeriesPlan::List SeriesPlan::powerByModel(const RunChartFrame& frame)
{
    List plan;
    const std::vector<std::string> models = keysWithPrefix(frame.run(0), kGpuPowerPrefix);
    for (size_t m = 0; m < models.size(); ++m)
        for (size_t i = 0; i < frame.runCount(); ++i)
            if (hasColumn(frame.run(i), models[m]))
                plan.append({ownSeriesName(frame, QString::fromStdString(models[m].substr(kGpuPowerPrefix.size())), i),
                             ChartColors::seriesColor(int(m)), ChartSpec::SeriesStyle::Line, i > 0,
                             stepped(frame.run(i), models[m]), i, models[m], {}, {}});
    return plan;
}

bool SeriesPlan::stepped(const Run& run, std::string_view key)
{
    const MetricSeries& s = run.series();
    if (s.columns() > 0 && s.info(0).unit == "s")
        return true;
    const auto column = s.find(key);
    return column && s.info(*column).unit == "pods";
}

SeriesPlan::List SeriesPlan::forChart(std::string_view chart, const RunChartFrame& frame, std::string_view key)
{
    if (chart == "allocation")
        return allocation(frame);
    if (chart == "failed-pods")
        return failedPods(frame);
    if (chart == "power")
        return power(frame);
    if (chart == "power-by-model")
        return powerByModel(frame);
    if (chart == "fragmentation-rate")
        return fragmentationRate(frame);
    if (chart == "metric")
        return metric(frame, key);
    if (chart == "difference")
        return difference(frame);
    return {};
}

SeriesPlan::List SeriesPlan::difference(const RunChartFrame& frame)
{
    struct Metric {
        const char* key;
        QString label;
        QString unit;
    };
    const Metric metrics[] = {{"alloc_pct", QStringLiteral("Δ GPU allocation"), QStringLiteral("pp")},
                              {"frag_rate_pct", QStringLiteral("Δ fragmentation rate"), QStringLiteral("pp")},
                              {"power_kw", QStringLiteral("Δ cluster power"), QStringLiteral("kW")}};
    List list;
    int colour = 0;
    for (const Metric& m : metrics) {
        PlannedSeries p;
        p.name = m.label;
        p.color = ChartColors::seriesColor(colour++);
        p.stepped = frame.timeAxis();
        p.run = 1;
        p.key = m.key;
        p.unit = m.unit;
        list.append(p);
    }
    return list;
}

}  // namespace tessera::chart
