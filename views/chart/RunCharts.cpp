#include "chart/RunCharts.h"

#include "chart/ChartColors.h"
#include "chart/FragmentationHeatmap.h"
#include "chart/MetricLookup.h"
#include "chart/OccupancyChart.h"
#include "chart/RunChartFrame.h"

#include <algorithm>
#include <string>

namespace tessera::chart {

namespace {

constexpr std::string_view kFailedPrefix = "failed_";
constexpr std::string_view kFailedTotal = "failed_pods";
constexpr std::string_view kGpuPowerPrefix = "gpu_power_kw:";

QString metricLabel(const Run& run, std::string_view key, const char* fallback)
{
    const auto column = run.series().find(key);
    return column ? QString::fromStdString(run.series().info(*column).label) : QString::fromLatin1(fallback);
}

// One line per run of the metric `key`, each in its run's colour.
ChartSpec perRunLines(const RunCharts::Runs& runs, const RunChartOptions& options, std::string_view key,
                      const QString& title, const char* fallbackLabel, const QString& unit)
{
    const RunChartFrame frame(runs, options);
    ChartSpec spec = frame.spec(title, metricLabel(*runs.front(), key, fallbackLabel), unit);
    for (size_t i = 0; i < runs.size(); ++i)
        spec.series.append({frame.runName(i), ChartColors::categorical(int(i)), frame.window(i).points(key),
                            ChartSpec::SeriesStyle::Line, false});
    return spec;
}

}  // namespace

ChartSpec RunCharts::allocation(const Runs& runs, const RunChartOptions& options)
{
    const bool time = RunChartFrame(runs, options).timeAxis();
    ChartSpec spec = perRunLines(runs, options, "alloc_pct",
                                 time ? QStringLiteral("GPU allocation over time")
                                      : QStringLiteral("GPU allocation vs arrived workload"),
                                 "GPU allocation", QStringLiteral("%"));
    spec.y.min = 0;
    spec.y.max = 100;
    return spec;
}

ChartSpec RunCharts::failedPods(const Runs& runs, const RunChartOptions& options)
{
    const RunChartFrame frame(runs, options);
    ChartSpec spec = frame.spec(QStringLiteral("Failed pods by class"), QStringLiteral("Failed pods"),
                                QStringLiteral("pods"));
    spec.y.includeZero = true;
    // The classes are the failed_* columns of the first run, in its order; a class keeps its
    // colour in every run, and later runs are dashed.
    const MetricSeries& first = runs.front()->series();
    int classIndex = 0;
    for (size_t c = 0; c < first.columns(); ++c) {
        const std::string& key = first.info(c).key;
        if (!key.starts_with(kFailedPrefix) || key == kFailedTotal)
            continue;
        const QColor color = ChartColors::categorical(classIndex++);
        for (size_t i = 0; i < runs.size(); ++i) {
            const QList<QPointF> points = frame.window(i).points(key);
            const bool anyFailed = std::any_of(points.begin(), points.end(), [](const QPointF& p) { return p.y() > 0; });
            if (!anyFailed)
                continue;
            QString name = QString::fromStdString(first.info(c).label);
            if (runs.size() > 1)
                name += QStringLiteral(" · ") + frame.runLetter(i);
            spec.series.append({name, color, points, ChartSpec::SeriesStyle::Step, i > 0});
        }
    }
    if (spec.series.isEmpty())  // nothing failed: show the flat total rather than an empty frame
        for (size_t i = 0; i < runs.size(); ++i)
            spec.series.append({QStringLiteral("All classes · %1").arg(frame.runName(i)), ChartColors::categorical(int(i)),
                                frame.window(i).points(kFailedTotal), ChartSpec::SeriesStyle::Step, false});
    return spec;
}

ChartSpec RunCharts::power(const Runs& runs, const RunChartOptions& options)
{
    if (runs.size() > 1) {
        ChartSpec spec = perRunLines(runs, options, "power_kw", QStringLiteral("Cluster power"), "Cluster power",
                                     QStringLiteral("kW"));
        spec.y.includeZero = true;
        return spec;
    }
    const RunChartFrame frame(runs, options);
    ChartSpec spec = frame.spec(QStringLiteral("Cluster power, CPU and GPU stacked"), QStringLiteral("Power"),
                                QStringLiteral("kW"));
    spec.y.includeZero = true;
    const SeriesWindow window = frame.window(0);
    spec.series.append({metricLabel(*runs[0], "gpu_power_kw", "GPU power"), ChartColors::categorical(0),
                        window.points("gpu_power_kw"), ChartSpec::SeriesStyle::StackedArea, false});
    spec.series.append({metricLabel(*runs[0], "cpu_power_kw", "CPU power"), ChartColors::categorical(1),
                        window.points("cpu_power_kw"), ChartSpec::SeriesStyle::StackedArea, false});
    return spec;
}

std::optional<ChartSpec> RunCharts::powerByModel(const Run& run, const RunChartOptions& options)
{
    const Runs runs{&run};
    const RunChartFrame frame(runs, options);
    const SeriesWindow window = frame.window(0);
    ChartSpec spec = frame.spec(QStringLiteral("GPU power by GPU model, stacked"), QStringLiteral("GPU power"),
                                QStringLiteral("kW"));
    spec.y.includeZero = true;
    const MetricSeries& s = run.series();
    for (size_t c = 0; c < s.columns(); ++c) {
        const std::string& key = s.info(c).key;
        if (!key.starts_with(kGpuPowerPrefix))
            continue;
        spec.series.append({QString::fromStdString(key.substr(kGpuPowerPrefix.size())),
                            ChartColors::categorical(int(spec.series.size())), window.points(c),
                            ChartSpec::SeriesStyle::StackedArea, false});
    }
    if (spec.series.isEmpty())
        return std::nullopt;
    return spec;
}

ChartSpec RunCharts::fragmentationRate(const Runs& runs, const RunChartOptions& options)
{
    ChartSpec spec = perRunLines(runs, options, "frag_rate_pct", QStringLiteral("Cluster fragmentation rate"),
                                 "Fragmentation rate", QStringLiteral("%"));
    spec.y.includeZero = true;
    return spec;
}

ChartSpec RunCharts::fragmentationHeatmap(const Run& run, const RunChartOptions& options,
                                          const ProgressCallback& progress)
{
    return FragmentationHeatmap::build(run, options, progress);
}

ChartSpec RunCharts::occupancy(const Run& run, size_t position)
{
    return OccupancyChart::build(run, position);
}

QList<ChartSpec> RunCharts::difference(const Run& a, const Run& b, const RunChartOptions& options)
{
    const Runs runs{&a, &b};
    const RunChartFrame frame(runs, options);
    const MetricLookup::Mode mode = frame.timeAxis() ? MetricLookup::Mode::Step : MetricLookup::Mode::Linear;
    const MetricLookup lookupA(a.series(), mode), lookupB(b.series(), mode);
    // Matched x: an even grid over the x both runs cover inside the window.
    const double scale = frame.xScale();
    const auto& xb = b.series().column(0);
    const double lo = std::max(frame.xMin(), xb.empty() ? frame.xMin() : xb.front() * scale);
    const double hi = std::min(frame.xMax(), xb.empty() ? frame.xMin() : xb.back() * scale);
    const int samples = std::clamp(options.maxPoints, 2, 4000);

    struct Metric {
        const char* key;
        QString title;
        QString label;
        QString unit;
    };
    const Metric metrics[] = {
        {"alloc_pct", QStringLiteral("Difference in GPU allocation"), QStringLiteral("Δ GPU allocation"), QStringLiteral("pp")},
        {"frag_rate_pct", QStringLiteral("Difference in fragmentation rate"), QStringLiteral("Δ fragmentation rate"),
         QStringLiteral("pp")},
        {"power_kw", QStringLiteral("Difference in cluster power"), QStringLiteral("Δ cluster power"), QStringLiteral("kW")}};
    QList<ChartSpec> charts;
    for (const Metric& m : metrics) {
        ChartSpec spec = frame.spec(m.title, m.label, m.unit);
        spec.y.includeZero = true;
        QList<QPointF> points;
        for (int i = 0; hi >= lo && i < samples; ++i) {
            const double x = lo + (hi - lo) * double(i) / double(samples - 1);
            const auto va = lookupA.at(m.key, x / scale);
            const auto vb = lookupB.at(m.key, x / scale);
            if (va && vb)
                points.append(QPointF(x, *vb - *va));
        }
        spec.series.append({QStringLiteral("B − A"),
                            ChartColors::categorical(3), points, ChartSpec::SeriesStyle::Line, false});
        charts.append(spec);
    }
    return charts;
}

QList<ChartSpec> RunCharts::all(const Runs& runs, const RunChartOptions& options, const ProgressCallback& progress)
{
    QList<ChartSpec> charts{allocation(runs, options), failedPods(runs, options), power(runs, options)};
    for (const Run* run : runs)
        if (auto byModel = powerByModel(*run, options))
            charts.append(*byModel);
    charts.append(fragmentationRate(runs, options));
    for (size_t i = 0; i < runs.size(); ++i) {
        // Heatmaps and occupancy are per run; a later run's zoom follows the first run's x range.
        charts.append(fragmentationHeatmap(*runs[i], i == 0 ? options : RunChartOptions{}, progress));
        const size_t position = std::min(options.cursor.value_or(runs[i]->steps()), runs[i]->steps());
        charts.append(occupancy(*runs[i], position));
    }
    if (runs.size() >= 2)
        charts.append(difference(*runs[0], *runs[1], options));
    return charts;
}

std::optional<size_t> RunCharts::divergence(const Run& a, const Run& b)
{
    const MetricSeries& sa = a.series();
    const MetricSeries& sb = b.series();
    const size_t rows = std::min(sa.rows(), sb.rows());
    std::vector<std::pair<size_t, size_t>> shared;  // the columns both runs have, by key
    for (size_t c = 0; c < sa.columns(); ++c)
        if (const auto other = sb.find(sa.info(c).key))
            shared.emplace_back(c, *other);
    for (size_t r = 0; r < rows; ++r)
        for (const auto& [ca, cb] : shared)
            if (sa.column(ca)[r] != sb.column(cb)[r])
                return r;
    if (sa.rows() != sb.rows())
        return rows;
    return std::nullopt;
}

}  // namespace tessera::chart
