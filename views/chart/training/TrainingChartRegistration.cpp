// The training-placement kind's charts and tabs, registered before main(): the app's tabs, export,
// the report and `tessera-cli chart` find them in ChartRegistry without naming them.
#include "chart/ChartError.h"
#include "chart/GanttChart.h"
#include "chart/JctCdfChart.h"
#include "chart/KindChartHelpers.h"
#include "chart/RunChartFrame.h"
#include "chart/training/TrainingCharts.h"
#include "chart/training/TrainingVariability.h"
#include "training/placement/TrainingPlacementRun.h"

namespace tessera::chart {

namespace {

constexpr const char* kKind = TrainingPlacementRun::kKind;

using kindcharts::overlay;
using kindcharts::titled;

const ChartRegistration jobs({kKind, "jobs", titled("Jobs running and queued"), overlay(&TrainingCharts::jobs),
                              TrainingCharts::jobsPlan});
const ChartRegistration utilisation({kKind, "utilisation", titled("GPU utilisation"),
                                     overlay(&TrainingCharts::utilisation), TrainingCharts::utilisationPlan});
const ChartRegistration preemptions({kKind, "preemptions", titled("Preemptions"),
                                     overlay(&TrainingCharts::preemptions), TrainingCharts::preemptionsPlan});
const ChartRegistration jctCdf(JctCdfChart::chart(kKind));
const ChartRegistration gantt(GanttChart::chart(kKind));

// The first run's per-GPU variability, one panel per class, its bins in each subtitle: the
// cluster's, whichever policy ran on it.
QList<ChartSpec> variabilityPanels(const ChartRuns& runs, const RunChartOptions& options, const ProgressCallback&)
{
    QList<ChartSpec> panels;
    if (runs.empty())
        return panels;
    if (const QString missing = ClassVariability::missing(*runs.front()); !missing.isEmpty())
        throw ChartDataMissing(missing);
    const RunChartFrame frame(runs, options);
    for (int c = 0; c < ClassVariability::classCount(*runs.front()); ++c)
        if (const ClassVariability v = ClassVariability::of(*runs.front(), c); !v.empty())
            panels.append(v.chart(frame.runName(0), frame.runColor(0)));
    return panels;
}

const ChartRegistration variability({kKind, "variability", titled("GPU variability and slowdown bins"),
                                     variabilityPanels});

const ViewRegistration roundsView({kKind, "rounds", QStringLiteral("Rounds"), QStringLiteral("training/RoundsView.qml"),
                                   {"jobs", "utilisation", "preemptions"},
                                   "Jobs running and queued, GPU utilisation and preemptions per round"});
const ViewRegistration jctView({kKind, "jct", QStringLiteral("JCT CDF"), QStringLiteral("training/JctView.qml"),
                                {"jct-cdf"}, "The cumulative distribution of job completion times, per run"});
// The Gantt is a mode of the occupancy tab (no tab of its own): this makes it `tessera-cli chart gantt`.
const ViewRegistration ganttView({kKind, "gantt", QStringLiteral("Gantt"), QString(), {"gantt"},
                                  "each GPU's jobs as bars over time, coloured by job class, the cursor at --at"});
const ViewRegistration variabilityView({kKind, "variability", QStringLiteral("Variability"),
                                        QStringLiteral("training/VariabilityView.qml"), {"variability"},
                                        "Each GPU's PerfVar per class, by node, and the slowdown bins PAL and PM-First use"});

}  // namespace

}  // namespace tessera::chart
