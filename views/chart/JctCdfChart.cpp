#include "chart/JctCdfChart.h"

#include "chart/ChartError.h"
#include "chart/KindChartHelpers.h"
#include "chart/RunChartFrame.h"

#include <algorithm>
#include <limits>

namespace tessera::chart {

bool JctCdfChart::spansDecades(double lo, double hi) { return lo > 0 && hi > 100 * lo; }

namespace {

// Run r's job completion times (h), ascending; empty when it has none.
std::vector<double> sortedJcts(const Run& run)
{
    std::vector<double> jct;
    for (const Distribution& d : run.distributions())
        if (d.key == "jct_h")
            jct = d.values;
    std::sort(jct.begin(), jct.end());
    return jct;
}

}  // namespace

ChartSpec JctCdfChart::build(const ChartRuns& runs, const RunChartOptions& options)
{
    const RunChartFrame frame(runs, options);
    std::vector<std::vector<double>> jcts;
    double lo = std::numeric_limits<double>::infinity(), hi = 0;
    for (const Run* run : runs) {
        jcts.push_back(sortedJcts(*run));
        for (double v : jcts.back())
            if (v > 0) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
    }
    ChartSpec spec;
    spec.title = QStringLiteral("Job completion time, cumulative: share of jobs done within x hours of arrival");
    spec.subtitle = frame.subtitle(false);
    spec.x.label = QStringLiteral("Job completion time");
    spec.x.unit = QStringLiteral("h");
    spec.x.logarithmic = hi > 0 && options.logarithmicX.value_or(spansDecades(lo, hi));
    spec.x.includeZero = !spec.x.logarithmic;
    spec.y.label = QStringLiteral("Jobs completed");
    spec.y.unit = QStringLiteral("%");
    spec.y.min = 0;
    spec.y.max = 100;
    QStringList missing;
    for (size_t r = 0; r < runs.size(); ++r) {
        const std::vector<double>& jct = jcts[r];
        if (jct.empty()) {
            missing << frame.runName(r);
            continue;
        }
        ChartSpec::Series series;
        series.name = frame.runName(r);
        series.color = frame.runColor(r);
        series.steps = Steps::HeldFromX;
        series.dashed = r > 0;
        series.run = runs.size() > 1 ? frame.runLetter(r) : QString();
        series.points.append(QPointF(0, 0));
        for (size_t i = 0; i < jct.size(); ++i)
            series.points.append(QPointF(jct[i], 100.0 * double(i + 1) / double(jct.size())));
        spec.series.append(series);
    }
    // A run without its job completion times (reopened from a study written before format 4)
    // is named, never drawn as an empty chart.
    const QString why = QStringLiteral("no job completion times (distribution jct_h); a study written before study "
                                       "format 4 keeps only a run's metrics");
    if (spec.series.isEmpty())
        throw ChartDataMissing(QStringLiteral("cannot draw the JCT CDF of %1: %2")
                                   .arg(missing.isEmpty() ? QStringLiteral("no run") : QStringLiteral("\"%1\"").arg(missing.join(QStringLiteral("\", \""))), why));
    if (!missing.isEmpty())
        spec.subtitle += QStringLiteral(" · not drawn: \"%1\" (%2)").arg(missing.join(QStringLiteral("\", \"")), why);
    return spec;
}

RegisteredChart JctCdfChart::chart(const char* kind)
{
    return {kind, "jct-cdf", kindcharts::titled("Job completion time (CDF)"), kindcharts::overlay(&JctCdfChart::build)};
}

}  // namespace tessera::chart
