#include "charts/ChartPlans.h"

#include "chart/ChartColors.h"
#include "chart/PanelPainter.h"
#include "chart/SeriesPlan.h"
#include "chart/XAxisUnit.h"

#include <QStringList>

namespace tessera::views {

ChartPlans::ChartPlans(QObject* parent) : QObject(parent) {}

QVariantList ChartPlans::series(const QString& chart, RunHandle* run, RunHandle* otherRun, const QString& key) const
{
    QVariantList list;
    if (!run)
        return list;
    std::vector<const Run*> runs{&run->run()};
    chart::RunChartOptions options;
    options.runNames << run->name();
    options.runColors << run->color();
    if (otherRun) {
        runs.push_back(&otherRun->run());
        options.runNames << otherRun->name();
        options.runColors << otherRun->color();
    }
    const chart::RunChartFrame frame(runs, options);
    for (const chart::PlannedSeries& p : chart::SeriesPlan::forChart(chart.toStdString(), frame, key.toStdString())) {
        QStringList below;
        for (const std::string& k : p.below)
            below << QString::fromStdString(k);
        list.append(QVariantMap{{"name", p.name},
                                {"color", p.color},
                                {"fill", chart::ChartColors::areaFill(p.color)},
                                {"area", p.style == chart::ChartSpec::SeriesStyle::StackedArea},
                                {"dashed", p.dashed},
                                {"stepped", p.stepped},
                                {"run", int(p.run)},
                                {"key", QString::fromStdString(p.key)},
                                {"below", below}});
    }
    return list;
}

QVariantMap ChartPlans::xUnit(RunHandle* run, double span) const
{
    const chart::XAxisUnit unit = chart::XAxisUnit::forSpan(run ? run->xUnit() : QString(), span);
    return {{"unit", unit.unit}, {"perUnit", unit.perUnit}};
}

double ChartPlans::markerMergePixels() const { return chart::PanelPainter::kMarkerMergePixels; }

}  // namespace tessera::views
