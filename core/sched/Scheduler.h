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
    // Whether the index met a score beyond its range and handed the rest of the run to the scan
    // (exact, but at the scan's cost): tests check it did not happen silently.
    bool indexGaveUp() const { return indexGaveUp_; }
    // How many decisions the index answered (the others were scanned).
    uint64_t indexedDecisions() const { return indexedDecisions_; }

    // Per shape, how many pods of it are still to be scheduled, each until it is placed or given
    // up (podSettled). What a shape keeps per node (its index tree, the scan's cached scores) is
    // freed when its last pod settles: most shapes of a large trace occur once (97% at K = 50),
    // and their trees were held to the end of the run. A shape seen once still gets a tree, for
    // its one decision: built in node order it costs less than a scan in tie order, whose
    // scattered reads made K = 16 40% slower. Without expectPods (tests, the inspector) every
    // shape keeps what it built for the run. Either way every decision is the same.
    void expectPods(std::vector<uint32_t> podsPerShape);
    void podSettled(ShapeId shape);
    // How many shapes the index holds a tree for now (0 without the index).
    size_t treesHeld() const { return index_ ? index_->treesHeld() : 0; }

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
    bool indexGaveUp_ = false;
    uint64_t indexedDecisions_ = 0;
    std::vector<uint32_t> podsLeft_;      // per shape, see expectPods; empty: not known
    static constexpr ShapeId kNoShape = ~ShapeId(0);
    // cache_[plugin][shape][node], allocated when first used
    std::vector<std::vector<std::vector<CacheEntry>>> cache_;
    // scratch, reused across decisions
    std::vector<uint32_t> feasible_;
    std::vector<std::vector<int64_t>> raw_;
    std::vector<int8_t> selectorGpu_;
};

}  // namespace tessera
