#pragma once

#include "model/PodSpec.h"
#include "sched/ClusterState.h"
#include "util/Rng.h"

#include <cstdint>
#include <limits>
#include <span>
#include <string_view>

namespace tessera {

// What a plugin scores: one pod on one node of the live cluster.
struct ScoreInput {
    const ClusterState& cluster;
    uint32_t node;
    const PodSpec& pod;

    const NodeSpec& spec() const { return cluster.spec(node); }
    const NodeState& state() const { return cluster.state(node); }
    const NodeSummary& summary() const { return cluster.summary(node); }
};

// A raw score; for a share pod, `gpu` is the plugin's own best GPU (-1 when it has none).
// `measure` is the quantity the plugin turned into the score, in the unit the plugin's
// measureName() gives (FGD: the change of the node's expected fragmentation, in GPUs), so that
// the decision inspector can show what was scored; NaN for plugins whose score is the measure.
struct RawScore {
    int64_t value = 0;
    int8_t gpu = -1;
    double measure = std::numeric_limits<double>::quiet_NaN();
};

// How a plugin picks the GPU of a share pod (fgd-pwr.md 5.1) when it is the run's selector.
enum class GpuSelector { Best, Random, OwnArgmax };

// Optional min-max normalisation over the feasible nodes, and the score when all are equal.
struct Normalisation {
    bool minMax = false;
    int64_t allEqual = 0;

    // The normalised score of `raw` when the feasible nodes' raw scores span [lo, hi]. Integer
    // division: monotone (never decreasing) in `raw`, and only raw == hi reaches 100, which is
    // what lets the argmax index bound a group of nodes by its largest raw score.
    int64_t apply(int64_t raw, int64_t lo, int64_t hi) const
    {
        if (!minMax)
            return raw;
        if (hi == lo)
            return allEqual;
        return (raw - lo) * 100 / (hi - lo);
    }
};

// One scoring policy, after the kube-scheduler ScorePlugin: a raw score per feasible node,
// an optional normalisation, and a GPU choice for share pods. Plugins live in core/policies/,
// one file each, and register themselves with PluginRegistry.
class ScorePlugin {
public:
    virtual ~ScorePlugin() = default;
    virtual std::string_view name() const = 0;
    virtual RawScore score(const ScoreInput& input) const = 0;
    virtual Normalisation normalisation() const { return {}; }
    virtual GpuSelector gpuSelector() const { return GpuSelector::Best; }
    // What RawScore::measure holds, with its unit, e.g. "Δ frag (GPU)"; empty when it holds nothing.
    virtual std::string_view measureName() const { return {}; }

    // A pure function of (node state, pod shape) may be cached per node version.
    virtual bool cacheable() const { return true; }
    // Per-decision set-up over the feasible nodes, e.g. Random's draw.
    virtual void preScore(std::span<const uint32_t> /*feasible*/, Rng& /*rng*/) {}
};

}  // namespace tessera
