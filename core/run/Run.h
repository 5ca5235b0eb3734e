#pragma once

#include "run/CellValues.h"
#include "run/Distribution.h"
#include "run/ExplanationTable.h"
#include "run/MetricSeries.h"
#include "run/OccupancyLayout.h"
#include "run/RunIntervals.h"
#include "run/RunSummaryValue.h"
#include "run/RunWords.h"
#include "util/Progress.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace tessera {

// What identifies a run, for lists, titles and the study.
struct RunInfo {
    std::string kind;    // "pod-scheduling"; later "mig-inference", "training"
    std::string name;
    std::string policy;  // canonical spec
    uint64_t seed = 0;
    std::string mode;
    std::vector<std::pair<std::string, std::string>> parameters;  // shown as-is
};

// The state of a run at one timeline position, movable in O(steps between positions).
class RunCursor {
public:
    virtual ~RunCursor() = default;
    virtual size_t position() const = 0;
    virtual void seek(size_t position) = 0;
    // The used share [0, 1] of every occupancy cell, in OccupancyLayout order.
    virtual void cellUse(std::vector<float>& use) const = 0;
    // Hover text of one cell: where it is and what runs on it.
    virtual std::string describeCell(uint32_t cell) const = 0;
    // Side-panel text of one group (node): what it is, once; a line per cell saying what that
    // cell holds; then what runs on its cells.
    virtual std::string describeGroup(uint32_t group) const = 0;
    // Per group (node): a value for heatmaps, e.g. expected fragmentation in GPUs.
    virtual void groupValues(std::vector<float>& values) const = 0;
    // The values of OccupancyLayout::layers[layer] for every cell, in OccupancyLayout order: a
    // share in [0, 1], or a category index (negative: none). By default layer 0 is cellUse and
    // there is no other.
    virtual void cellLayer(size_t layer, std::vector<float>& values) const
    {
        if (layer == 0)
            cellUse(values);
        else
            values.clear();
    }
    // The spans of group `group` on the rows of OccupancyLayout::spanRows (a MIG GPU's
    // instances and stranded slices), in any order; none by default.
    virtual void spans(uint32_t group, std::vector<OccupancySpan>& spans) const
    {
        (void)group;
        spans.clear();
    }
};

// A finished run of any kind, as the app, the CLI and the study see it. A kind implements this
// interface once; timeline, charts, fork, compare and export work through it unchanged.
class Run {
public:
    virtual ~Run() = default;
    virtual const RunInfo& info() const = 0;
    // Number of steps; positions run from 0 (nothing happened) to steps().
    virtual size_t steps() const = 0;
    // One row per position. Column 0 is the run's natural x axis (arrived % or time).
    virtual const MetricSeries& series() const = 0;
    virtual const OccupancyLayout& layout() const = 0;
    virtual std::unique_ptr<RunCursor> cursor() const = 0;
    // What step `step` (0-based) did, in a line.
    virtual std::string describeStep(size_t step) const = 0;
    // Why step `step` went the way it did.
    virtual ExplanationTable explain(size_t step) const = 0;
    // The label of the per-group values of RunCursor::groupValues, with unit.
    virtual MetricInfo groupValueInfo() const = 0;
    // Scalars that sum up the whole run (energy, mean JCT, SLO attainment), for compare and the
    // report; the metrics' own values at the end need not be repeated here.
    virtual std::vector<RunSummaryValue> summary() const { return {}; }
    // Distributions (latency, JCT), shown as quantile rows in compare and the report.
    virtual std::vector<Distribution> distributions() const { return {}; }
    // Per-cell values that hold for the whole run (a GPU's slowdown per job class), for a kind's
    // static per-cell charts; none by default.
    virtual std::vector<CellValues> cellValues() const { return {}; }
    // How the app names this run's steps, rows and x positions; RunWords' defaults are the pod
    // kind's.
    virtual RunWords words() const { return {}; }
    // Points of the x axis where the report reads the headline metrics besides the end (the
    // FGD paper's 100 % and 130 % arrived); none by default.
    virtual std::vector<double> xMarks() const { return {}; }
    // The state that holds after the run's last step, one value per series column (column 0
    // unused), for comparisons with a longer run: a run whose work is all done is idle from
    // then on. Empty (the default): nothing is known past the end, and a comparison stops there.
    virtual std::vector<double> afterEnd() const { return {}; }
    // A what-if branch: this run's first `position` steps, then `policy`.
    virtual std::unique_ptr<Run> fork(size_t position, const std::string& policy,
                                      const ProgressCallback& progress = {}) const = 0;
    // Bars on lanes over the run's x axis, for a Gantt chart; none by default.
    virtual const RunIntervals& intervals() const
    {
        static const RunIntervals none;
        return none;
    }
};

}  // namespace tessera
