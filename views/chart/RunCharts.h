#pragma once

#include "chart/ChartSpec.h"
#include "chart/RunChartFrame.h"
#include "chart/RunChartOptions.h"
#include "chart/SeriesPlan.h"
#include "run/Run.h"

#include <QList>

#include <functional>

#include <optional>
#include <vector>

namespace tessera::chart {

// The charts every run kind has, through the Run interface alone (the group heatmap, the
// occupancy grid, the differences B − A of the headline metrics), and the building blocks of the
// kinds' own charts (views/chart/pod/ for pods): what a series chart draws, in which colour and
// style, is its SeriesPlan, the same the app's charts draw; several runs overlay (each in its
// colour from RunChartOptions, later runs dashed). Which charts a run has is ChartRegistry's
// business: the GUI's export, the report and `tessera-cli chart` all ask there.
class RunCharts {
public:
    using Runs = std::vector<const Run*>;

    // A chart of the series `plan` makes for these runs, on the frame's x axis.
    static ChartSpec planned(const Runs& runs, const RunChartOptions& options,
                             const std::function<SeriesPlan::List(const RunChartFrame&)>& plan, const QString& title,
                             const QString& yLabel, const QString& yUnit);
    // Groups (nodes, by GPU model) × x, coloured by Run::groupValueInfo().
    static ChartSpec fragmentationHeatmap(const Run& run, const RunChartOptions& options = {},
                                          const ProgressCallback& progress = {});
    // Every occupancy cell (GPU) at `position`, grouped by node and GPU model, coloured for a
    // light or dark background.
    static ChartSpec occupancy(const Run& run, size_t position, bool darkBackground = false,
                               const QString& note = {});
    // The options of run i of `runs`, for a chart of one run each: the cursor, the what-if
    // markers and the zoom moved from the first run's positions to run i's by matchedPosition,
    // the rule the app's views follow: B is drawn where the screen shows it (at the same x, or
    // at the same decision for a fork), not at A's decision number; run i's name and colour.
    static RunChartOptions optionsOfRun(const Runs& runs, const RunChartOptions& options, size_t i);
    // One heatmap per run; the zoom applies to the first run only.
    static QList<ChartSpec> fragmentationHeatmaps(const Runs& runs, const RunChartOptions& options = {},
                                                  const ProgressCallback& progress = {});
    // One occupancy grid per run at the options' cursor (the run's end without one), each
    // subtitled with its run's name when the options name the runs or there are several.
    static QList<ChartSpec> occupancies(const Runs& runs, const RunChartOptions& options = {},
                                        bool darkBackground = false);
    // B minus A at matched x for the series of `plan` (SeriesPlan::difference: the headline
    // metrics, or a kind's own choice), one panel per unit (the screen's one axis per unit).
    static QList<ChartSpec> difference(const Run& a, const Run& b, const RunChartOptions& options = {},
                                       const std::function<SeriesPlan::List(const RunChartFrame&)>& plan = {});

    // Every chart of one run, or of a comparison when `runs` holds two or more: ChartRegistry::all.
    static QList<ChartSpec> all(const Runs& runs, const RunChartOptions& options = {},
                                const ProgressCallback& progress = {});

    // The position at whose x two runs start to differ: where a fork diverges. The first row whose
    // metrics differ, or for a kind whose rows describe the interval ending at their x
    // (IntervalRows) the row before it, where that interval (and the difference) starts.
    static std::optional<size_t> divergence(const Run& a, const Run& b);
};

}  // namespace tessera::chart
