#pragma once

// A run of a kind that is not pods ("test-kind"): two metrics over four minutes, a summary, a
// latency distribution, its own words and an explanation with a text cell. It proves that the
// charts, compare, the report, export and the inspector work through Run alone, and that a new
// kind gets the shared views and its own, never the pod kind's.

#include "run/Run.h"

#include <cmath>

namespace tessera::test {

class FakeKindRun final : public Run {
public:
    static constexpr const char* kKind = "test-kind";

    // `scale` changes the values, so that two fake runs differ.
    explicit FakeKindRun(std::string name = "fake", double scale = 1.0)
    {
        info_.kind = kKind;
        info_.name = std::move(name);
        info_.policy = "test-policy";
        // Minutes on x; SLO attainment changes gradually, requests held per minute.
        series_.add({"minute", "Time", "min"}, {0, 1, 2, 3, 4});
        series_.add({"slo_pct", "SLO attainment", "%", false, Interpolation::Linear, true, true},
                    {100, 90 * scale, 80 * scale, 95 * scale, 99 * scale});
        series_.add({"requests", "Pending requests", "requests", true, Interpolation::Step, false, false},
                    {0, 5 * scale, 7 * scale, 2 * scale, 0});
        layout_.categories = {"A100"};
        layout_.groups = {{"gpu-0", 0, 0, 2}};
        layout_.cellCount = 2;
        scale_ = scale;
    }

    const RunInfo& info() const override { return info_; }
    size_t steps() const override { return 4; }
    const MetricSeries& series() const override { return series_; }
    const OccupancyLayout& layout() const override { return layout_; }
    std::unique_ptr<RunCursor> cursor() const override { return std::make_unique<Cursor>(); }
    std::string describeStep(size_t step) const override { return "minute " + std::to_string(step + 1); }
    ExplanationTable explain(size_t) const override
    {
        ExplanationTable t;
        t.subject = "class bert/0";
        t.columns = {"profile", "latency (ms)"};
        t.rows = {{"candidate 1", {std::nan(""), 12.5}, {"3g.40gb", ""}}, {"candidate 2", {std::nan(""), 20}, {"1g.10gb", ""}}};
        t.winner = 0;
        return t;
    }
    MetricInfo groupValueInfo() const override { return {"busy", "Busy slices", "slices"}; }
    std::unique_ptr<Run> fork(size_t, const std::string&, const ProgressCallback&) const override
    {
        return std::make_unique<FakeKindRun>(info_.name + " fork", scale_);
    }
    std::vector<RunSummaryValue> summary() const override
    {
        return {{"gpus_saved", "GPUs saved", "GPUs", true, true, 3 * scale_}};
    }
    std::vector<Distribution> distributions() const override
    {
        Distribution d{"latency_ms", "Request latency", "ms", false, {}, {}};
        for (int i = 1; i <= 100; ++i)
            d.values.push_back(i * scale_);
        return {d};
    }
    RunWords words() const override
    {
        RunWords w;
        w.step = "minute";
        w.steps = "minutes";
        w.candidate = "candidate";
        w.candidates = "candidates";
        w.occupancy = "MIG slices";
        w.groupHeatmap = "Busy slices heatmap";
        return w;
    }

private:
    struct Cursor final : RunCursor {
        size_t at = 0;
        size_t position() const override { return at; }
        void seek(size_t position) override { at = position; }
        void cellUse(std::vector<float>& use) const override { use.assign(2, at > 1 ? 1.0f : 0.0f); }
        std::string describeCell(uint32_t cell) const override { return "slice " + std::to_string(cell); }
        std::string describeGroup(uint32_t) const override { return "gpu-0"; }
        void groupValues(std::vector<float>& values) const override { values.assign(1, float(at)); }
    };

    RunInfo info_;
    MetricSeries series_;
    OccupancyLayout layout_;
    double scale_ = 1;
};

}  // namespace tessera::test
