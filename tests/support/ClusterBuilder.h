#pragma once

// Hand-built clusters for unit tests: nodes and pods written inline, the models a
// ClusterState points to, and helpers that put a node into an exact state, so that each
// expected score can be computed by hand from fgd-pwr.md.

#include "frag/FragmentationModel.h"
#include "model/Cluster.h"
#include "power/PowerModel.h"
#include "sched/ClusterState.h"

#include <initializer_list>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::test {

// Memory never binds in these tests: the filter checks it, but no score or fragment uses it.
inline constexpr int64_t kPlentyMemoryMib = int64_t(1) << 30;

// Owns a Cluster, its fragmentation and power models and one ClusterState over them. The
// state keeps pointers into the fixture, so it can be neither copied nor moved.
class ClusterBuilder {
public:
    ClusterBuilder() = default;
    ClusterBuilder(const ClusterBuilder&) = delete;
    ClusterBuilder& operator=(const ClusterBuilder&) = delete;

    // Adds a node and returns its index. `model` is a registry name, empty for 0 GPUs.
    size_t addNode(std::string name, int32_t cpuMilli, int gpus, std::string_view model = {})
    {
        if (state_)
            throw std::logic_error("addNode after build()");
        NodeSpec spec;
        spec.name = std::move(name);
        spec.cpuMilli = cpuMilli;
        spec.memoryMib = kPlentyMemoryMib;
        spec.gpuCount = gpus;
        if (!model.empty())
            spec.model = modelId(model);
        cluster_.nodes.push_back(std::move(spec));
        return cluster_.nodes.size() - 1;
    }

    // A pod as a trace row would give it; gpu_spec is "" (any model) or "A|B".
    PodSpec pod(std::string name, int32_t cpuMilli, int gpuCount = 0, int32_t gpuMilli = 0,
                std::string_view gpuSpec = {}) const
    {
        PodSpec p;
        p.name = std::move(name);
        p.cpuMilli = cpuMilli;
        p.memoryMib = 1;
        p.gpuCount = gpuCount;
        p.gpuMilli = gpuMilli;
        p.gpuSpec = std::string(gpuSpec);
        for (std::string_view rest = gpuSpec; !rest.empty();) {
            const size_t bar = rest.find('|');
            p.gpuSpecMask |= uint64_t(1) << modelId(rest.substr(0, bar));
            rest = bar == std::string_view::npos ? std::string_view() : rest.substr(bar + 1);
        }
        return p;
    }

    // Freezes the nodes: `typical` is the original pod list FGD's target workload is drawn
    // from (none: no task types, so every fragment is 0).
    ClusterState& build(const std::vector<PodSpec>& typical = {})
    {
        fragmentation_ = std::make_unique<FragmentationModel>(TypicalWorkload::fromPods(typical));
        power_ = std::make_unique<PowerModel>(cluster_.registry);
        state_ = std::make_unique<ClusterState>(cluster_, *fragmentation_, *power_);
        return *state_;
    }

    ClusterState& state() { return *state_; }
    const Cluster& cluster() const { return cluster_; }
    const FragmentationModel& fragmentation() const { return *fragmentation_; }
    const PowerModel& power() const { return *power_; }

    // Node n with free GPU shares R[0..] (milli) and optionally a given free CPU; the
    // affinity counts are left as they are.
    void setNode(size_t n, std::initializer_list<int> gpuLeft, std::optional<int32_t> cpuLeft = {})
    {
        NodeState s = state_->state(n);
        size_t g = 0;
        for (int r : gpuLeft)
            s.gpuLeft.at(g++) = int16_t(r);
        if (cpuLeft)
            s.cpuLeft = *cpuLeft;
        state_->setNode(n, s);
    }

    // Commits `pod` to node n on `gpus`, as the simulator does (affinity included).
    void place(size_t n, const PodSpec& pod, GpuMask gpus)
    {
        NodeState s = state_->state(n);
        applyPod(s, pod, gpus, -1);
        state_->setNode(n, s);
    }

    GpuModelId modelId(std::string_view name) const
    {
        const auto id = cluster_.registry.find(name);
        if (!id)
            throw std::invalid_argument("unknown GPU model in a test: " + std::string(name));
        return *id;
    }

private:
    Cluster cluster_;
    std::unique_ptr<FragmentationModel> fragmentation_;
    std::unique_ptr<PowerModel> power_;
    std::unique_ptr<ClusterState> state_;
};

}  // namespace tessera::test
