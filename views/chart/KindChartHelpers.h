#pragma once

// What a run kind's chart registrations share (views/chart/<kind>/): a menu title, a builder
// of one overlaid panel, and a series chart whose y axis starts at 0 (and stops at 100 for a
// percentage).

#include "chart/ChartRegistry.h"
#include "chart/RunCharts.h"

#include <QByteArray>

namespace tessera::chart::kindcharts {

// A fixed menu title, whatever the runs' words.
inline std::function<QString(const RunWords&)> titled(const char* title)
{
    return [title](const RunWords&) { return QString::fromUtf8(title); };
}

// One panel with every run overlaid.
inline ChartBuilder overlay(ChartSpec (*build)(const ChartRuns&, const RunChartOptions&))
{
    return [build](const ChartRuns& runs, const RunChartOptions& options, const ProgressCallback&) {
        return QList<ChartSpec>{build(runs, options)};
    };
}

// RunCharts::planned with the y axis from 0, capped at 100 for "%".
inline ChartSpec plannedFromZero(const ChartRuns& runs, const RunChartOptions& options,
                                 SeriesPlan::List (*plan)(const RunChartFrame&), const char* title,
                                 const char* yLabel, const char* unit)
{
    ChartSpec spec = RunCharts::planned(runs, options, plan, QString::fromUtf8(title), QString::fromUtf8(yLabel),
                                        QString::fromUtf8(unit));
    spec.y.includeZero = true;
    if (QByteArray(unit) == "%")
        spec.y.max = 100;
    return spec;
}

}  // namespace tessera::chart::kindcharts
