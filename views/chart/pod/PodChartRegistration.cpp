// The pod kind's charts and views, registered before main(): the app's tabs, export, report and
// `tessera-cli chart` find them in ChartRegistry without naming them.
#include "chart/ChartRegistry.h"
#include "chart/pod/PodCharts.h"
#include "chart/pod/PodSeriesPlans.h"
#include "run/PodSchedulingRun.h"

namespace tessera::chart {

namespace {

constexpr const char* kKind = PodSchedulingRun::kKind;

std::function<QString(const RunWords&)> titled(const char* title)
{
    return [title](const RunWords&) { return QString::fromUtf8(title); };
}

// A builder of one chart drawn over every run.
template <typename Build>
ChartBuilder overlay(Build build)
{
    return [build](const ChartRuns& runs, const RunChartOptions& options, const ProgressCallback&) {
        return QList<ChartSpec>{build(runs, options)};
    };
}

const ChartRegistration allocation({kKind, "allocation", titled("GPU allocation"), overlay(&PodCharts::allocation),
                                    PodSeriesPlans::allocation});
const ChartRegistration failedPods({kKind, "failed-pods", titled("Failed pods by class"),
                                    overlay(&PodCharts::failedPods), PodSeriesPlans::failedPods});
const ChartRegistration power({kKind, "power", titled("Cluster power"), overlay(&PodCharts::power),
                               PodSeriesPlans::power});
const ChartRegistration powerByModel({kKind, "power-by-model", titled("GPU power by model"),
                                      [](const ChartRuns& runs, const RunChartOptions& options, const ProgressCallback&) {
                                          QList<ChartSpec> panels;
                                          if (auto spec = PodCharts::powerByModel(runs, options))
                                              panels.append(*spec);
                                          return panels;
                                      },
                                      PodSeriesPlans::powerByModel});
const ChartRegistration fragmentationRate({kKind, "fragmentation-rate", titled("Fragmentation rate"),
                                           overlay(&PodCharts::fragmentationRate), PodSeriesPlans::fragmentationRate});
// Replaces the shared differences of every headline metric with the three the FGD paper reads.
const ChartRegistration difference({kKind, "difference", titled("Differences B − A"),
                                    [](const ChartRuns& runs, const RunChartOptions& options, const ProgressCallback&) {
                                        return PodCharts::difference(*runs[0], *runs[1], options);
                                    },
                                    PodSeriesPlans::difference, false, 2});

// The tabs between the shared occupancy grid and the inspector, in this order.
const ViewRegistration fragmentationView({kKind, "fragmentation", QStringLiteral("Fragmentation"),
                                          QStringLiteral("FragmentationView.qml"),
                                          {"fragmentation-rate", "fragmentation-heatmap"},
                                          "fragmentation rate, and each node's expected fragmentation as a heatmap",
                                          "fragmentation-heatmap"});
const ViewRegistration powerView({kKind, "power", QStringLiteral("Power"), QStringLiteral("PowerView.qml"),
                                  {"power", "power-by-model"},
                                  "cluster power, CPU and GPU stacked, and GPU power by GPU model"});
const ViewRegistration allocationView({kKind, "allocation", QStringLiteral("Allocation"),
                                       QStringLiteral("AllocationView.qml"), {"allocation", "failed-pods"},
                                       "GPU allocation against arrived workload (or time), and failed pods by class"});

}  // namespace

}  // namespace tessera::chart
