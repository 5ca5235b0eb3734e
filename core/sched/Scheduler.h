#pragma once

#include "sched/ArgmaxIndex.h"
#include "sched/ClusterState.h"
#include "sched/DecisionExplanation.h"
#include "sched/PolicySpec.h"
#include "sched/ScorePlugin.h"
#include "sched/TieOrder.h"

#include <memory>
#include <vector>

namespace tessera {

// The outcome of one decision.
struct Placement {
    int32_t node = -1;  // -1: the pod fits nowhere
    GpuMask gpus = 0;
    bool placed() const { return node >= 0; }
};

// How a decision finds its node; both give the same node for every decision (the byte-identity
// test compares them). Index: the argmax index (ArgmaxIndex.h) for every spec it supports, the
// scan for the others (Random). Scan: every feasible node scored each decision (scores cached
// per node version); kept as the baseline and for diagnosis (tessera-cli simulate --engine scan).
enum class SchedulerEngine { Index, Scan };

// Filter -> score -> normalise -> integer weighted sum -> first in tie order
// (fgd-pwr.md section 2), then the GPU choice of the selector plugin.
class Scheduler {
public:
    Scheduler(const PolicySpec& policy, std::vector<uint32_t> tieOrder, uint64_t seed);
    ~Scheduler();

    Placement decide(const ClusterState& cluster, const PodSpec& pod, ShapeId shape, uint64_t decision);
    // The same decision, with every score and filter reason recorded. It does not change
    // the cluster; the result equals decide() for the same state and decision index.
    DecisionExplanation explain(const ClusterState& cluster, const PodSpec& pod, uint64_t decision);

    // Off: every score is recomputed for every decision. The result is the same; the
    // benchmarks use it as the baseline the per-node-version cache is measured against.
    void setScoreCaching(bool on) { caching_ = on; }
    // Off also means the scan: the index keeps scores by construction.
    void setEngine(SchedulerEngine engine) { engine_ = engine; }
    // Whether decide() uses the argmax index (the engine, the caching and the spec allow it).
    bool usesIndex() const { return engine_ == SchedulerEngine::Index && caching_ && index_; }

    const PolicySpec& policy() const { return policy_; }
    const std::vector<uint32_t>& tieOrder() const { return tieOrder_; }

private:
    struct CacheEntry {
        uint32_t version = 0;  // node version + 1; 0 = empty
        int32_t value = 0;
        int8_t gpu = -1;
    };
    Placement run(const ClusterState& cluster, const PodSpec& pod, ShapeId shape, uint64_t decision,
                  DecisionExplanation* explanation);
    RawScore rawScore(size_t plugin, const ClusterState& cluster, uint32_t node, const PodSpec& pod, ShapeId shape);
    GpuMask chooseGpus(const ClusterState& cluster, uint32_t node, const PodSpec& pod, ShapeId shape, Rng& rng);

    PolicySpec policy_;
    std::vector<std::unique_ptr<ScorePlugin>> plugins_;
    std::vector<uint32_t> tieOrder_;
    std::vector<uint32_t> tieRank_;
    uint64_t seed_;
    size_t selector_ = 0;
    bool caching_ = true;
    SchedulerEngine engine_ = SchedulerEngine::Index;
    std::unique_ptr<ArgmaxIndex> index_;  // null when the spec cannot be indexed
    static constexpr ShapeId kNoShape = ~ShapeId(0);
    // cache_[plugin][shape][node], allocated when first used
    std::vector<std::vector<std::vector<CacheEntry>>> cache_;
    // scratch, reused across decisions
    std::vector<uint32_t> feasible_;
    std::vector<std::vector<int64_t>> raw_;
    std::vector<int8_t> selectorGpu_;
};

}  // namespace tessera
