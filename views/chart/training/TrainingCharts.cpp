#include "chart/training/TrainingCharts.h"

#include "chart/ChartError.h"
#include "chart/KindChartHelpers.h"

#include <algorithm>

namespace tessera::chart {

SeriesPlan::List TrainingCharts::jobsPlan(const RunChartFrame& frame)
{
    // Two metrics of each run: named by the metric, not the run (the subtitle names the runs).
    SeriesPlan::List plan = SeriesPlan::labelled(frame, "jobs_running", 0);
    plan.append(SeriesPlan::labelled(frame, "jobs_queued", 3));
    return plan;
}

SeriesPlan::List TrainingCharts::utilisationPlan(const RunChartFrame& frame)
{
    return SeriesPlan::metric(frame, "utilisation_pct");
}

SeriesPlan::List TrainingCharts::preemptionsPlan(const RunChartFrame& frame)
{
    return SeriesPlan::metric(frame, "preemptions");
}

using kindcharts::plannedFromZero;

ChartSpec TrainingCharts::jobs(const ChartRuns& runs, const RunChartOptions& options)
{
    return plannedFromZero(runs, options, jobsPlan, "Jobs running and queued per round", "Jobs", "jobs");
}

ChartSpec TrainingCharts::utilisation(const ChartRuns& runs, const RunChartOptions& options)
{
    return plannedFromZero(runs, options, utilisationPlan, "GPU utilisation per round: busy GPUs / all GPUs",
                   "GPU utilisation", "%");
}

ChartSpec TrainingCharts::preemptions(const ChartRuns& runs, const RunChartOptions& options)
{
    return plannedFromZero(runs, options, preemptionsPlan,
                   "Preemptions per round: running jobs moved to other GPUs or stopped", "Preemptions", "jobs");
}

ChartSpec TrainingCharts::jctCdf(const ChartRuns& runs, const RunChartOptions& options)
{
    const RunChartFrame frame(runs, options);
    ChartSpec spec;
    spec.title = QStringLiteral("Job completion time, cumulative: share of jobs done within x hours of arrival");
    spec.subtitle = frame.subtitle(false);
    spec.x.label = QStringLiteral("Job completion time");
    spec.x.unit = QStringLiteral("h");
    spec.x.includeZero = true;
    spec.y.label = QStringLiteral("Jobs completed");
    spec.y.unit = QStringLiteral("%");
    spec.y.min = 0;
    spec.y.max = 100;
    QStringList missing;
    for (size_t r = 0; r < runs.size(); ++r) {
        std::vector<double> jct;
        for (const Distribution& d : runs[r]->distributions())
            if (d.key == "jct_h")
                jct = d.values;
        if (jct.empty()) {
            missing << frame.runName(r);
            continue;
        }
        std::sort(jct.begin(), jct.end());
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

}  // namespace tessera::chart
