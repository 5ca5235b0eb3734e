#pragma once

// A small run of a test kind ("fake-slices") that uses every occupancy layer the core offers:
// GPUs as groups of 7 compute-slice cells, two categorical layers (instance profile, model
// served) beside the used share, spans on a compute row (7 slots) over a memory row (8 slots)
// with a stranded and a draining slice, and a few Gantt intervals. Its layouts change between
// positions, so views that follow the cursor can be checked. With more than 3 GPUs the three
// GPUs' patterns repeat (a 1,000-GPU fleet for speed checks).

#include "run/Run.h"

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <vector>

namespace tessera::test {

class FakeSliceRun : public Run {
public:
    // Profiles (layer 1 categories) and models (layer 2 categories).
    enum Profile { P1g, P2g, P3g, P4g, P7g };
    enum Model { Bert, Resnet, Densenet };
    static constexpr size_t kShareLayer = 0, kProfileLayer = 1, kModelLayer = 2;
    static constexpr size_t kSteps = 3;

    struct Instance {
        int profile;
        int start;  // memory slice
        int model;
    };
    // One GPU at one position: its instances, its stranded compute slices, whether it drains.
    struct GpuState {
        std::vector<Instance> instances;
        std::vector<int> strandedCompute;
        bool draining = false;
    };

    static int computeSlices(int profile) { return std::array{1, 2, 3, 4, 7}[size_t(profile)]; }
    static int memorySlices(int profile) { return std::array{1, 2, 4, 4, 8}[size_t(profile)]; }
    // The spec's rule: g compute slices at memory start s use [s, s+g), but 3g@0 uses 0-2 and
    // 3g@4 uses 4-6.
    static int computeStart(const Instance& i) { return i.profile == P3g && i.start == 4 ? 4 : i.start; }

    // The state of GPU `gpu` (its pattern: gpu % 3) at `position`:
    // 0: empty; 1-2: GPU 0 = 3g@0 (bert) + 3g@4 (resnet), compute slice 3 stranded;
    //    GPU 1 = 1g x7 (models alternate); GPU 2 = 7g (densenet), draining at position 2;
    // 3: GPU 0 = 4g@0 (bert) + 3g@4 (resnet), GPU 2 = 4g@0 + 2g@4 + 1g@6 (densenet, bert, resnet).
    static GpuState state(size_t gpu, size_t position)
    {
        GpuState s;
        if (position == 0)
            return s;
        switch (gpu % 3) {
        case 0:
            if (position < 3) {
                s.instances = {{P3g, 0, Bert}, {P3g, 4, Resnet}};
                s.strandedCompute = {3};
            } else {
                s.instances = {{P4g, 0, Bert}, {P3g, 4, Resnet}};
            }
            break;
        case 1:
            for (int k = 0; k < 7; ++k)
                s.instances.push_back({P1g, k, k % 2 == 0 ? Bert : Resnet});
            break;
        default:
            if (position < 3) {
                s.instances = {{P7g, 0, Densenet}};
                s.draining = position == 2;
            } else {
                s.instances = {{P4g, 0, Densenet}, {P2g, 4, Bert}, {P1g, 6, Resnet}};
            }
        }
        return s;
    }

    explicit FakeSliceRun(size_t gpus = 3)
    {
        info_.kind = "fake-slices";
        info_.name = "fake slices";
        info_.policy = "fake";
        layout_.categories = {"A100-80GB"};
        for (size_t g = 0; g < gpus; ++g)
            layout_.groups.push_back({"gpu-" + std::to_string(g), 0, uint32_t(g * 7), 7, 0, {}});
        layout_.cellCount = uint32_t(gpus * 7);
        layout_.unitName = "GPU";
        layout_.layers = {{"Used share", OccupancyLayer::Kind::Share, {}},
                          {"Profile", OccupancyLayer::Kind::Category, {"1g.10gb", "2g.20gb", "3g.40gb", "4g.40gb", "7g.80gb"}},
                          {"Model served", OccupancyLayer::Kind::Category, {"bert", "resnet50", "densenet"}}};
        layout_.spanRows = {{"compute", 7}, {"memory", 8}};
        std::vector<double> x, instances;
        for (size_t p = 0; p <= kSteps; ++p) {
            x.push_back(10.0 * double(p));
            double n = 0;
            for (size_t g = 0; g < gpus; ++g)
                n += double(state(g, p).instances.size());
            instances.push_back(n);
        }
        series_.add({"time", "Time", "s", false}, x);
        series_.add({"instances", "Instances", "instances", true}, instances);
        intervals_.lanes = {"bert", "resnet50", "densenet"};
        intervals_.categories = layout_.layers[kProfileLayer].categories;
        intervals_.intervals = {{0, 10, 30, "bert on 3g.40gb", P3g},
                                {1, 10, 30, "resnet50 on 3g.40gb", P3g},
                                {2, 10, 25, "densenet on 7g.80gb", P7g},
                                {2, 25, 30, "densenet on 4g.40gb", P4g}};
    }

    const RunInfo& info() const override { return info_; }
    size_t steps() const override { return kSteps; }
    const MetricSeries& series() const override { return series_; }
    const OccupancyLayout& layout() const override { return layout_; }
    std::string describeStep(size_t step) const override { return "re-plan " + std::to_string(step + 1); }
    ExplanationTable explain(size_t step) const override
    {
        ExplanationTable t;
        t.subject = describeStep(step);
        return t;
    }
    MetricInfo groupValueInfo() const override { return {"instances", "Instances", "instances", true}; }
    std::unique_ptr<Run> fork(size_t, const std::string&, const ProgressCallback&) const override
    {
        return std::make_unique<FakeSliceRun>(layout_.groups.size());
    }
    const RunIntervals& intervals() const override { return intervals_; }

    class Cursor : public RunCursor {
    public:
        explicit Cursor(const FakeSliceRun& run) : run_(run) {}
        size_t position() const override { return position_; }
        void seek(size_t position) override { position_ = std::min(position, kSteps); }
        void cellUse(std::vector<float>& use) const override { cellLayer(kShareLayer, use); }
        void cellLayer(size_t layer, std::vector<float>& values) const override
        {
            values.clear();
            if (layer > kModelLayer)
                return;
            const size_t gpus = run_.layout_.groups.size();
            values.assign(gpus * 7, layer == kShareLayer ? 0.0f : -1.0f);
            for (size_t g = 0; g < gpus; ++g)
                for (const Instance& i : state(g, position_).instances)
                    for (int c = computeStart(i); c < computeStart(i) + computeSlices(i.profile); ++c)
                        values[g * 7 + size_t(c)] = layer == kShareLayer   ? 1.0f
                                                    : layer == kProfileLayer ? float(i.profile)
                                                                             : float(i.model);
        }
        std::string describeCell(uint32_t cell) const override
        {
            const size_t g = cell / 7;
            const int c = int(cell % 7);
            std::string text = run_.layout_.groups[g].name + " · compute slice " + std::to_string(c);
            for (const Instance& i : state(g, position_).instances)
                if (c >= computeStart(i) && c < computeStart(i) + computeSlices(i.profile))
                    text += "\n" + instanceText(i);
            return text;
        }
        std::string describeGroup(uint32_t group) const override
        {
            std::string text = run_.layout_.groups[group].name + " (A100-80GB)";
            for (const Instance& i : state(group, position_).instances)
                text += "\n" + instanceText(i);
            return text;
        }
        void groupValues(std::vector<float>& values) const override
        {
            values.clear();
            for (size_t g = 0; g < run_.layout_.groups.size(); ++g)
                values.push_back(float(state(g, position_).instances.size()));
        }
        void spans(uint32_t group, std::vector<OccupancySpan>& spans) const override
        {
            spans.clear();
            const GpuState s = state(group, position_);
            const uint32_t flags = s.draining ? OccupancySpan::Draining : 0u;
            for (const Instance& i : s.instances) {
                const std::string label = run_.layout_.layers[kProfileLayer].categories[size_t(i.profile)];
                const std::vector<int32_t> categories{-1, i.profile, i.model};
                const int cs = computeStart(i);
                spans.push_back({0, uint32_t(cs), uint32_t(cs + computeSlices(i.profile)), categories, label, flags,
                                 int32_t(group * 7 + uint32_t(cs))});
                spans.push_back({1, uint32_t(i.start), uint32_t(i.start + memorySlices(i.profile)), categories, label,
                                 flags, int32_t(group * 7 + uint32_t(cs))});
            }
            for (int c : s.strandedCompute)
                spans.push_back({0, uint32_t(c), uint32_t(c + 1), {}, "stranded", OccupancySpan::Stranded, -1});
        }

    private:
        std::string instanceText(const Instance& i) const
        {
            return run_.layout_.layers[kProfileLayer].categories[size_t(i.profile)] + "@" + std::to_string(i.start) +
                   " serving " + run_.layout_.layers[kModelLayer].categories[size_t(i.model)];
        }
        const FakeSliceRun& run_;
        size_t position_ = 0;
    };
    std::unique_ptr<RunCursor> cursor() const override { return std::make_unique<Cursor>(*this); }

private:
    RunInfo info_;
    MetricSeries series_;
    OccupancyLayout layout_;
    RunIntervals intervals_;
};

}  // namespace tessera::test
