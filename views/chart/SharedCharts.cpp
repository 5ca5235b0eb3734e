// The charts and the view every run kind has, registered before main() for all kinds (an empty
// kind): the occupancy grid, the heatmap of Run::groupValueInfo() and the differences B − A of
// the headline metrics. A kind may replace one with its own under the same id.
#include "chart/ChartRegistry.h"
#include "chart/RunCharts.h"

namespace tessera::chart {

namespace {

const ChartRegistration heatmap({"", "fragmentation-heatmap",
                                 [](const RunWords& words) { return QString::fromStdString(words.groupHeatmap); },
                                 &RunCharts::fragmentationHeatmaps, {}, true});
const ChartRegistration occupancy({"", "occupancy",
                                   [](const RunWords& words) { return QString::fromStdString(words.occupancy); },
                                   [](const ChartRuns& runs, const RunChartOptions& options, const ProgressCallback&) {
                                       return RunCharts::occupancies(runs, options);
                                   },
                                   {}, true});
const ChartRegistration difference({"", "difference", [](const RunWords&) { return QStringLiteral("Differences B − A"); },
                                    [](const ChartRuns& runs, const RunChartOptions& options, const ProgressCallback&) {
                                        return RunCharts::difference(*runs[0], *runs[1], options);
                                    },
                                    [](const RunChartFrame& frame) { return SeriesPlan::difference(frame); }, false, 2});

// The occupancy tab is fixed in the app (its first); this makes it `tessera-cli chart occupancy`.
const ViewRegistration occupancyView({"", "occupancy", QStringLiteral("Occupancy"), QString(), {"occupancy"},
                                      "every GPU at one moment (--at; by default the last step with a GPU in use), grouped by node"});

}  // namespace

}  // namespace tessera::chart
