// The MIG inference kind's charts and tabs, registered before main(): the app's tabs, export,
// the report and `tessera-cli chart` find them in ChartRegistry without naming them.
#include "chart/ChartRegistry.h"
#include "chart/IntervalRows.h"
#include "chart/KindChartHelpers.h"
#include "chart/inference/InferenceCharts.h"
#include "inference/InferenceRun.h"

namespace tessera::chart {

namespace {

constexpr const char* kKind = InferenceRun::kKind;

// A row describes the interval that ends at its time (contracts.md 8.3): drawn over it.
const IntervalRowsRegistration intervalRows(kKind);

using kindcharts::overlay;
using kindcharts::titled;

const ChartRegistration fleet({kKind, "fleet", titled("GPUs and instances"), overlay(&InferenceCharts::fleet),
                               InferenceCharts::fleetPlan});
const ChartRegistration utilisation({kKind, "slice-utilisation", titled("Slice utilisation"),
                                     overlay(&InferenceCharts::utilisation), InferenceCharts::utilisationPlan});
const ChartRegistration slo({kKind, "slo", titled("SLO attainment"), overlay(&InferenceCharts::slo),
                             InferenceCharts::sloPlan});
const ChartRegistration latency({kKind, "latency", titled("p99 latency"), overlay(&InferenceCharts::latency),
                                 InferenceCharts::latencyPlan});

const ViewRegistration fleetView({kKind, "fleet", QStringLiteral("Fleet"), QStringLiteral("inference/FleetView.qml"),
                                  {"fleet", "slice-utilisation"},
                                  "GPUs used and GPU instances over time, and slice utilisation"});
const ViewRegistration serviceView({kKind, "service", QStringLiteral("SLO and latency"),
                                    QStringLiteral("inference/ServiceView.qml"), {"slo", "latency"},
                                    "SLO attainment and p99 latency per step, overall and per model"});

}  // namespace

}  // namespace tessera::chart
