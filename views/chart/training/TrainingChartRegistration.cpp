// The training-placement kind's charts, registered before main(): the app's chart tabs, export,
// the report and `tessera-cli chart` find them in ChartRegistry without naming them.
#include "chart/KindChartHelpers.h"
#include "chart/training/TrainingCharts.h"
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
const ChartRegistration jctCdf({kKind, "jct-cdf", titled("Job completion time (CDF)"),
                                overlay(&TrainingCharts::jctCdf)});

}  // namespace

}  // namespace tessera::chart
