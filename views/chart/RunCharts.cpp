#include "chart/RunCharts.h"

#include "chart/ChartRegistry.h"
#include "chart/DifferenceSeries.h"
#include "chart/FragmentationHeatmap.h"
#include "chart/IntervalRows.h"
#include "chart/MatchedPosition.h"
#include "chart/OccupancyChart.h"
#include "run/LastInUse.h"

#include <algorithm>
#include <limits>
#include <string>

namespace tessera::chart {

namespace {

// The points of every planned series, each from its own run's window.
void fill(ChartSpec& spec, const RunChartFrame& frame, const SeriesPlan::List& plan)
{
    std::vector<std::optional<SeriesWindow>> windows(frame.runCount());
    for (const PlannedSeries& p : plan) {
        if (!windows[p.run])
            windows[p.run] = frame.window(p.run);
        spec.series.append({p.name, p.color, windows[p.run]->points(p.key), p.style, p.dashed, p.steps,
                            frame.runCount() > 1 ? frame.runLetter(p.run) : QString()});
        spec.series.last().lineScale = p.lineScale;
    }
}

// B − A of `key` at every step time of either run inside [lo, hi] (in the chart's unit, x scaled
// by `scale` from the runs'): DifferenceSeries, as the app draws it. More than `samples` are
// thinned evenly, the first and last kept.
QList<QPointF> differencePoints(const Run& a, const Run& b, const std::string& key, double lo, double hi, double scale,
                                int samples)
{
    const DifferenceSeries difference = DifferenceSeries::of(a, b, key);
    std::vector<size_t> inside;
    for (size_t i = 0; i < difference.xs.size(); ++i)
        if (const double x = difference.xs[i] * scale; x >= lo && x <= hi)
            inside.push_back(i);
    QList<QPointF> points;
    const size_t n = inside.size(), kept = std::min(n, size_t(std::max(samples, 2)));
    for (size_t k = 0; k < kept; ++k) {
        const size_t i = inside[kept == 1 ? 0 : k * (n - 1) / (kept - 1)];
        points.append(QPointF(difference.xs[i] * scale, difference.values[i]));
    }
    return points;
}

}  // namespace

ChartSpec RunCharts::planned(const Runs& runs, const RunChartOptions& options,
                             const std::function<SeriesPlan::List(const RunChartFrame&)>& plan, const QString& title,
                             const QString& yLabel, const QString& yUnit)
{
    const RunChartFrame frame(runs, options);
    ChartSpec spec = frame.spec(title, yLabel, yUnit);
    fill(spec, frame, plan(frame));
    return spec;
}

ChartSpec RunCharts::fragmentationHeatmap(const Run& run, const RunChartOptions& options,
                                          const ProgressCallback& progress)
{
    return FragmentationHeatmap::build(run, options, progress);
}

ChartSpec RunCharts::occupancy(const Run& run, size_t position, bool darkBackground, const QString& note)
{
    return OccupancyChart::build(run, position, darkBackground, note);
}

QList<ChartSpec> RunCharts::difference(const Run& a, const Run& b, const RunChartOptions& options,
                                       const std::function<SeriesPlan::List(const RunChartFrame&)>& plan)
{
    const Runs runs{&a, &b};
    const RunChartFrame frame(runs, options);
    // The x both runs cover inside the window, a run that ended holding its state after the end
    // (Run::afterEnd) where it knows one.
    const double scale = frame.xScale();
    const auto& xa = a.series().column(0);
    const auto& xb = b.series().column(0);
    const double lo = std::max(frame.xMin(), xb.empty() ? frame.xMin() : xb.front() * scale);
    const double endA = xa.empty() ? lo : xa.back() * scale, endB = xb.empty() ? lo : xb.back() * scale;
    const double inf = std::numeric_limits<double>::infinity();
    const double hi = std::min({frame.xMax(), std::max(endA, endB), a.afterEnd().empty() ? endA : inf,
                                b.afterEnd().empty() ? endB : inf});
    const int samples = std::clamp(options.maxPoints, 2, 4000);

    // One panel per unit, as the screen has one axis per unit: the series of a unit share it.
    QList<ChartSpec> charts;
    const SeriesPlan::List planned = plan ? plan(frame) : SeriesPlan::difference(frame);
    QStringList units;
    for (const PlannedSeries& m : planned)
        if (!units.contains(m.unit))
            units << m.unit;
    for (const QString& unit : units) {
        SeriesPlan::List group;
        for (const PlannedSeries& m : planned)
            if (m.unit == unit)
                group.append(m);
        // "Δ GPU allocation" is the "Difference in GPU allocation".
        const QString title = group.size() == 1 ? QStringLiteral("Difference in %1").arg(group[0].name.mid(2))
                                                : QStringLiteral("Differences B − A");
        ChartSpec spec = frame.spec(title, group.size() == 1 ? group[0].name : QStringLiteral("Δ B − A"), unit);
        spec.subtitle = frame.subtitle(false);  // B − A series, drawn solid
        spec.y.includeZero = true;
        for (const PlannedSeries& m : group)
            spec.series.append({m.name, m.color, differencePoints(a, b, m.key, lo, hi, scale, samples),
                                ChartSpec::SeriesStyle::Line, m.dashed, m.steps, {}});
        charts.append(spec);
    }
    return charts;
}

RunChartOptions RunCharts::optionsOfRun(const Runs& runs, const RunChartOptions& options, size_t i)
{
    if (i == 0)
        return options;
    const bool fork = options.fork.has_value();
    const auto moved = [&](std::optional<size_t> position) -> std::optional<size_t> {
        if (!position)
            return std::nullopt;
        return matchedPosition(*runs[0], *position, *runs[i], fork);
    };
    RunChartOptions o;
    o.from = moved(options.from);
    o.to = moved(options.to);
    o.cursor = moved(options.cursor);
    o.fork = moved(options.fork);
    o.divergence = moved(options.divergence);
    o.heatmapColumns = options.heatmapColumns;
    o.maxPoints = options.maxPoints;
    if (i < size_t(options.runNames.size()))
        o.runNames = {options.runNames[qsizetype(i)]};
    if (i < size_t(options.runColors.size()))
        o.runColors = {options.runColors[qsizetype(i)]};
    return o;
}

QList<ChartSpec> RunCharts::fragmentationHeatmaps(const Runs& runs, const RunChartOptions& options,
                                                  const ProgressCallback& progress)
{
    QList<ChartSpec> charts;
    for (size_t i = 0; i < runs.size(); ++i)
        charts.append(fragmentationHeatmap(*runs[i], optionsOfRun(runs, options, i), progress));
    FragmentationHeatmap::shareScale(charts);
    return charts;
}

QList<ChartSpec> RunCharts::occupancies(const Runs& runs, const RunChartOptions& options, bool darkBackground)
{
    QList<ChartSpec> charts;
    for (size_t i = 0; i < runs.size(); ++i) {
        const RunChartOptions own = optionsOfRun(runs, options, i);
        // Without a cursor (a report of a run nobody moved through), the CLI's and the app's
        // moment: the last step with a GPU in use, said in the title when it is not the end (a
        // renting run's end has every GPU free).
        const LastInUse busy = own.cursor ? LastInUse{} : LastInUse::of(*runs[i]);
        const size_t position = std::min(own.cursor.value_or(busy.position), runs[i]->steps());
        const QString note = own.cursor ? options.cursorNote
                             : busy.atEnd ? QString()
                                          : QString::fromStdString(busy.note(*runs[i]));
        ChartSpec spec = occupancy(*runs[i], position, darkBackground, note);
        // A run drawn alone and unnamed (`tessera-cli chart`) needs no name under its grid.
        if (runs.size() > 1 || !options.runNames.isEmpty()) {
            const std::vector<const Run*> one{runs[i]};
            spec.subtitle = RunChartFrame(one, own).runName(0);
        }
        charts.append(spec);
    }
    return charts;
}

QList<ChartSpec> RunCharts::all(const Runs& runs, const RunChartOptions& options, const ProgressCallback& progress)
{
    return ChartRegistry::all(runs, options, progress);
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
    const bool intervals = IntervalRows::of(a.info().kind) && IntervalRows::of(b.info().kind);
    for (size_t r = 0; r < rows; ++r)
        for (const auto& [ca, cb] : shared)
            if (sa.column(ca)[r] != sb.column(cb)[r])
                return intervals && r > 0 ? r - 1 : r;
    if (sa.rows() != sb.rows())
        return rows;
    return std::nullopt;
}

}  // namespace tessera::chart
