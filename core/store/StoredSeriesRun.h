#pragma once

#include "run/Run.h"
#include "store/RunDetailArchive.h"

#include <string>

namespace tessera {

// A run of a kind without an archive of its own, reopened from a study's generic tables: its
// info, metric series, layout and RunDetail (summary, distributions, per-cell values, Gantt bars), so the
// timeline, charts, compare and export work as for the live run. The study keeps no per-step state for it, so its cursor shows empty cells, its
// steps are explained as not stored and it cannot be forked.
class StoredSeriesRun final : public Run {
public:
    StoredSeriesRun(RunInfo info, MetricSeries series, OccupancyLayout layout, std::string study,
                    RunDetail detail = {});

    const RunInfo& info() const override { return info_; }
    size_t steps() const override { return series_.rows() == 0 ? 0 : series_.rows() - 1; }
    const MetricSeries& series() const override { return series_; }
    const OccupancyLayout& layout() const override { return layout_; }
    std::unique_ptr<RunCursor> cursor() const override;
    std::string describeStep(size_t step) const override;
    ExplanationTable explain(size_t step) const override;
    MetricInfo groupValueInfo() const override { return {"stored_group_value", "Not stored", ""}; }
    std::vector<RunSummaryValue> summary() const override { return detail_.summary; }
    std::vector<Distribution> distributions() const override { return detail_.distributions; }
    std::vector<CellValues> cellValues() const override { return detail_.cellValues; }
    const RunIntervals& intervals() const override { return detail_.intervals; }
    RunWords words() const override { return detail_.words.value_or(RunWords{}); }
    std::vector<double> afterEnd() const override { return detail_.afterEnd; }
    // Throws InputError: the study holds no inputs to simulate the branch on.
    std::unique_ptr<Run> fork(size_t position, const std::string& policy,
                              const ProgressCallback& progress = {}) const override;
    // Why fork() refuses.
    std::string forkProblem() const;

private:
    RunInfo info_;
    MetricSeries series_;
    OccupancyLayout layout_;
    std::string study_;
    RunDetail detail_;
};

}  // namespace tessera
