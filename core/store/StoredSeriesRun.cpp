#include "store/StoredSeriesRun.h"

#include "io/InputError.h"

#include <fmt/format.h>

#include <algorithm>

namespace tessera {

namespace {

class StoredSeriesCursor final : public RunCursor {
public:
    StoredSeriesCursor(const OccupancyLayout& layout, const CellJournal& journal, size_t steps)
        : layout_(layout), steps_(steps)
    {
        if (journal.layers.size() == layout.layers.size())
            for (size_t l = 0; l < layout.layers.size(); ++l)
                replays_.emplace_back(journal.layers[l], layout.cellCount, CellJournal::initial(layout.layers[l]));
    }

    size_t position() const override { return position_; }
    void seek(size_t position) override
    {
        position_ = std::min(position, steps_);
        for (CellJournalReplay& r : replays_)
            r.seek(position_);
    }
    void cellUse(std::vector<float>& use) const override { cellLayer(0, use); }
    void cellLayer(size_t layer, std::vector<float>& values) const override
    {
        if (layer < replays_.size())
            values = replays_[layer].values();
        else if (layer == 0)
            values.assign(layout_.cellCount, 0.0f);
        else
            values.clear();
    }
    std::string describeCell(uint32_t cell) const override
    {
        for (const auto& g : layout_.groups)
            if (cell >= g.firstCell && cell < g.firstCell + g.cellCount)
                return replays_.empty()
                           ? fmt::format("{}, cell {}: not stored in the study", g.name, cell - g.firstCell)
                           : fmt::format("{}, cell {}: {:.0f} % used (what runs on it is not stored in the study)",
                                         g.name, cell - g.firstCell, 100.0 * replays_.front().values()[cell]);
        return {};
    }
    std::string describeGroup(uint32_t group) const override
    {
        if (group >= layout_.groups.size())
            return {};
        const auto& g = layout_.groups[group];
        return fmt::format("{} ({}, {} cells)\nWhat runs on it is not stored in the study.", g.name,
                           layout_.categories.at(g.category), g.cellCount);
    }
    void groupValues(std::vector<float>& values) const override { values.assign(layout_.groups.size(), 0.0f); }

private:
    const OccupancyLayout& layout_;
    size_t steps_;
    size_t position_ = 0;
    std::vector<CellJournalReplay> replays_;
};

}  // namespace

StoredSeriesRun::StoredSeriesRun(RunInfo info, MetricSeries series, OccupancyLayout layout, std::string study,
                                 RunDetail detail)
    : info_(std::move(info)),
      series_(std::move(series)),
      layout_(std::move(layout)),
      study_(std::move(study)),
      detail_(std::move(detail))
{
    // The kept layers replace the one a layout read without them has; the journal follows them.
    if (!detail_.layers.empty())
        layout_.layers = detail_.layers;
    if (detail_.unitName)
        layout_.unitName = *detail_.unitName;
}

std::unique_ptr<RunCursor> StoredSeriesRun::cursor() const
{
    return std::make_unique<StoredSeriesCursor>(layout_, detail_.journal, steps());
}

std::string StoredSeriesRun::describeStep(size_t step) const
{
    return fmt::format("step {} (its details are not stored in the study)", step + 1);
}

ExplanationTable StoredSeriesRun::explain(size_t step) const
{
    ExplanationTable table;
    table.subject = describeStep(step);
    table.why = "This run was reopened from a study, which keeps its metrics but not its decisions.";
    return table;
}

std::string StoredSeriesRun::forkProblem() const
{
    return fmt::format("a {} run reopened from a study cannot be forked: the study keeps its metrics, not its inputs",
                       info_.kind);
}

std::unique_ptr<Run> StoredSeriesRun::fork(size_t, const std::string&, const ProgressCallback&) const
{
    throw InputError::fileLevel(study_, forkProblem());
}

}  // namespace tessera
