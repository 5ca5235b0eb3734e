#include "charts/ChartPlans.h"

#include "chart/ChartColors.h"
#include "chart/ChartRegistry.h"
#include "chart/PanelPainter.h"
#include "chart/SeriesPlan.h"
#include "chart/UnitTitle.h"
#include "chart/XAxisUnit.h"
#include "run/RunKindRegistry.h"

#include <QStringList>

namespace tessera::views {

ChartPlans::ChartPlans(QObject* parent) : QObject(parent) {}

namespace {

// The runs as the app shows them, and the options that carry their names and colours.
struct AppRuns {
    std::vector<const Run*> runs;
    chart::RunChartOptions options;

    AppRuns(RunHandle* run, RunHandle* otherRun)
    {
        for (RunHandle* r : {run, otherRun})
            if (r) {
                runs.push_back(&r->run());
                options.runNames << r->name();
                options.runColors << r->color();
            }
    }
};

}  // namespace

QString ChartPlans::subtitle(RunHandle* run, RunHandle* otherRun) const
{
    if (!run)
        return {};
    const AppRuns app(run, otherRun);
    return chart::RunChartFrame(app.runs, app.options).subtitle();
}

QVariantList ChartPlans::series(const QString& chart, RunHandle* run, RunHandle* otherRun, const QString& key) const
{
    QVariantList list;
    if (!run)
        return list;
    const AppRuns app(run, otherRun);
    const chart::RunChartFrame frame(app.runs, app.options);
    for (const chart::PlannedSeries& p : chart::SeriesPlan::forChart(chart.toStdString(), frame, key.toStdString())) {
        QStringList below;
        for (const std::string& k : p.below)
            below << QString::fromStdString(k);
        list.append(QVariantMap{{"name", p.name},
                                {"color", p.color},
                                {"fill", chart::ChartColors::areaFill(p.color)},
                                {"area", p.style == chart::ChartSpec::SeriesStyle::StackedArea},
                                {"dashed", p.dashed},
                                {"stepped", p.steps != chart::Steps::None},
                                {"run", int(p.run)},
                                {"key", QString::fromStdString(p.key)},
                                {"below", below},
                                {"unit", p.unit},
                                {"lineScale", p.lineScale}});
    }
    return list;
}

namespace {

// The first panel of chart `chart` of `run`'s kind as its export draws it; nothing for no run or
// no such chart.
std::optional<chart::ChartSpec> exportedPanel(const QString& chart, RunHandle* run)
{
    if (!run)
        return std::nullopt;
    const chart::RegisteredChart* registered = chart::ChartRegistry::chart(run->run().info().kind, chart.toStdString());
    if (!registered)
        return std::nullopt;
    const AppRuns app(run, nullptr);
    const QList<chart::ChartSpec> panels = registered->build(app.runs, app.options, {});
    return panels.isEmpty() ? std::nullopt : std::optional(panels.front());
}

}  // namespace

QString ChartPlans::yTitle(const QString& chart, RunHandle* run) const
{
    const auto panel = exportedPanel(chart, run);
    return panel ? panel->y.title() : QString();
}

QString ChartPlans::title(const QString& chart, RunHandle* run) const
{
    const auto panel = exportedPanel(chart, run);
    return panel ? panel->title : QString();
}

QString ChartPlans::unitTitle(const QString& label, const QString& unit) const
{
    return chart::unitTitle(label, unit);
}

QString ChartPlans::defaultKind() const { return QString::fromLatin1(RunKindRegistry::kDefaultKind); }

QVariantList ChartPlans::views(const QString& kind) const
{
    QVariantList list;
    for (const chart::RegisteredView* v : chart::ChartRegistry::views(kind.toStdString())) {
        if (v->qml.isEmpty())
            continue;
        const std::string& preferred = v->preferred.empty() && !v->charts.empty() ? v->charts.front() : v->preferred;
        list.append(QVariantMap{{"id", QString::fromStdString(v->id)},
                                {"title", v->title},
                                {"qml", v->qml},
                                {"preferred", QString::fromStdString(preferred)}});
    }
    return list;
}

QVariantMap ChartPlans::xUnit(RunHandle* run, double span) const
{
    const chart::XAxisUnit unit = chart::XAxisUnit::forSpan(run ? run->xUnit() : QString(), span);
    return {{"unit", unit.unit}, {"perUnit", unit.perUnit}};
}

QString ChartPlans::xRangeText(RunHandle* run, double lo, double hi) const
{
    return chart::XAxisUnit::forSpan(run ? run->xUnit() : QString(), hi - lo).rangeText(lo, hi);
}

QColor ChartPlans::markerColor(bool dark) const
{
    return (dark ? chart::ChartColors::darkTheme() : chart::ChartColors::lightTheme()).markerLine;
}

double ChartPlans::markerMergePixels() const { return chart::PanelPainter::kMarkerMergePixels; }

}  // namespace tessera::views
