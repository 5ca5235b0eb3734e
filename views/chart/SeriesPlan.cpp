#include "chart/SeriesPlan.h"

#include "chart/ChartColors.h"
#include "chart/ChartRegistry.h"
#include "chart/IntervalRows.h"

#include <algorithm>

namespace tessera::chart {

namespace {

bool hasColumn(const Run& run, std::string_view key) { return run.series().find(key).has_value(); }

// "Fragmentation rate" -> "fragmentation rate", for "Δ fragmentation rate"; an acronym
// ("GPU allocation") keeps its capitals.
QString lowerFirst(const QString& label)
{
    if (label.size() >= 2 && label[0].isUpper() && label[1].isLower())
        return label[0].toLower() + label.mid(1);
    return label;
}

}  // namespace

SeriesPlan::List SeriesPlan::metric(const RunChartFrame& frame, std::string_view key)
{
    List plan;
    for (size_t i = 0; i < frame.runCount(); ++i)
        if (hasColumn(frame.run(i), key))
            plan.append({frame.runName(i), frame.runColor(i), ChartSpec::SeriesStyle::Line, i > 0, steps(frame.run(i), key), i,
                         std::string(key), {}, {}});
    return plan;
}

SeriesPlan::List SeriesPlan::labelled(const RunChartFrame& frame, std::string_view key, int colour, int rank)
{
    List plan;
    for (size_t i = 0; i < frame.runCount(); ++i) {
        const auto column = frame.run(i).series().find(key);
        if (!column)
            continue;
        const QString label = QString::fromStdString(frame.run(i).series().info(*column).label);
        const QColor color = frame.runCount() > 1 ? ChartColors::runShade(frame.runColor(i), rank)
                                                  : ChartColors::seriesColor(colour);
        plan.append({ownName(frame, label, i), color, ChartSpec::SeriesStyle::Line, i > 0,
                     steps(frame.run(i), key), i, std::string(key), {}, {}});
    }
    return plan;
}

QString SeriesPlan::ownName(const RunChartFrame& frame, const QString& name, size_t run)
{
    return frame.runCount() > 1 ? QStringLiteral("%1 · %2").arg(name, frame.runLetter(run)) : name;
}

Steps SeriesPlan::steps(const Run& run, std::string_view key)
{
    const auto column = run.series().find(key);
    if (!column || run.series().info(*column).interpolation != Interpolation::Step)
        return Steps::None;
    return IntervalRows::of(run.info().kind) ? Steps::EndingAtX : Steps::HeldFromX;
}

SeriesPlan::List SeriesPlan::family(const RunChartFrame& frame, std::string_view family, bool onlyNonZero)
{
    List plan;
    // The members are the family's columns in the first run, in its order; a member keeps its
    // colour whichever members are drawn.
    const MetricSeries& first = frame.run(0).series();
    const std::vector<size_t> columns = first.family(family);
    for (size_t m = 0; m < columns.size(); ++m) {
        const MetricInfo& info = first.info(columns[m]);
        for (size_t i = 0; i < frame.runCount(); ++i) {
            const auto column = frame.run(i).series().find(info.key);
            if (!column)
                continue;
            const auto values = frame.run(i).series().column(*column);
            if (onlyNonZero && std::none_of(values.begin(), values.end(), [](double v) { return v != 0; }))
                continue;
            const QString name = QString::fromStdString(info.member.empty() ? info.label : info.member);
            plan.append({ownName(frame, name, i),
                         ChartColors::seriesColor(int(m)), ChartSpec::SeriesStyle::Line, i > 0,
                         steps(frame.run(i), info.key), i, info.key, {}, {}});
        }
    }
    return plan;
}

SeriesPlan::List SeriesPlan::forChart(std::string_view chart, const RunChartFrame& frame, std::string_view key)
{
    if (chart == "metric")
        return metric(frame, key);
    const RegisteredChart* registered = ChartRegistry::chart(frame.run(0).info().kind, chart);
    if (!registered || !registered->plan || frame.runCount() < registered->minRuns)
        return {};
    return registered->plan(frame);
}

SeriesPlan::List SeriesPlan::difference(const RunChartFrame& frame, const std::vector<std::string>& keys)
{
    List list;
    if (frame.runCount() < 2)
        return list;
    const MetricSeries& a = frame.run(0).series();
    std::vector<std::string> shown = keys;
    if (shown.empty())
        for (size_t c = 1; c < a.columns(); ++c)
            if (a.info(c).headline)
                shown.push_back(a.info(c).key);
    int colour = 0;
    for (const std::string& key : shown) {
        const auto column = a.find(key);
        if (!column || !hasColumn(frame.run(1), key))
            continue;
        const MetricInfo& info = a.info(*column);
        const QString unit = QString::fromStdString(info.unit);
        PlannedSeries p;
        p.name = QStringLiteral("Δ %1").arg(lowerFirst(QString::fromStdString(info.label)));
        p.color = ChartColors::seriesColor(colour++);
        p.steps = steps(frame.run(1), key);
        p.run = 1;
        p.key = key;
        // A difference of percentages is in percentage points.
        p.unit = unit.startsWith(QLatin1Char('%')) ? QStringLiteral("pp") : unit;
        list.append(p);
    }
    // One y axis per unit, and a chart has two (left and right on screen, one panel each in a
    // file): the differences of a third unit are left to the comparison table.
    QStringList units;
    for (const PlannedSeries& p : list)
        if (!units.contains(p.unit))
            units << p.unit;
    list.removeIf([&](const PlannedSeries& p) { return units.indexOf(p.unit) >= 2; });
    return list;
}

}  // namespace tessera::chart
