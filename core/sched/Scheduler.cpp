#include "sched/Scheduler.h"

#include "sched/FeasibilityFilter.h"
#include "sched/PluginRegistry.h"
#include "util/UsageError.h"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

namespace tessera {

Scheduler::Scheduler(const PolicySpec& policy, std::vector<uint32_t> tieOrder, uint64_t seed)
    : policy_(policy), tieOrder_(std::move(tieOrder)), seed_(seed)
{
    for (const auto& term : policy_.terms) {
        auto plugin = PluginRegistry::instance().create(term.name);
        if (!plugin)
            throw UsageError(fmt::format("unknown policy \"{}\"", term.name));
        plugins_.push_back(std::move(plugin));
    }
    selector_ = policy_.gpuSelectorTerm();
    tieRank_.resize(tieOrder_.size());
    for (size_t i = 0; i < tieOrder_.size(); ++i)
        tieRank_[tieOrder_[i]] = uint32_t(i);
    cache_.resize(plugins_.size());
    raw_.resize(plugins_.size());
    if (ArgmaxIndex::supports(plugins_)) {
        std::vector<ArgmaxIndex::Term> terms;
        for (size_t p = 0; p < plugins_.size(); ++p)
            terms.push_back({plugins_[p].get(), policy_.terms[p].weight});
        index_ = std::make_unique<ArgmaxIndex>(std::move(terms), tieOrder_);
    }
}

Scheduler::~Scheduler() = default;

void Scheduler::expectPods(std::vector<uint32_t> podsPerShape)
{
    podsLeft_ = std::move(podsPerShape);
}

void Scheduler::podSettled(ShapeId shape)
{
    if (shape >= podsLeft_.size() || podsLeft_[shape] == 0 || --podsLeft_[shape] > 0)
        return;
    if (index_)
        index_->release(shape);
    for (auto& byShape : cache_)
        if (shape < byShape.size())
            std::vector<CacheEntry>().swap(byShape[shape]);
}

Placement Scheduler::decide(const ClusterState& cluster, const PodSpec& pod, ShapeId shape, uint64_t decision)
{
    if (!usesIndex())
        return run(cluster, pod, shape, decision, nullptr);
    const std::optional<int32_t> found = index_->best(cluster, pod, shape);
    if (!found) {  // a score beyond the index's range: the scan, for this decision and the rest
        index_.reset();
        indexGaveUp_ = true;
        return run(cluster, pod, shape, decision, nullptr);
    }
    ++indexedDecisions_;
    const int32_t winner = *found;
    if (winner < 0)
        return {};
    // No indexed plugin draws from the stream; the GPU selector gets it as in the scan. The
    // winner's own score is recomputed (kNoShape) rather than kept in the scan's cache.
    Rng rng = Rng::stream(seed_, kDecisionStream, decision);
    return {winner, chooseGpus(cluster, uint32_t(winner), pod, kNoShape, rng)};
}

DecisionExplanation Scheduler::explain(const ClusterState& cluster, const PodSpec& pod, uint64_t decision)
{
    DecisionExplanation e;
    run(cluster, pod, kNoShape, decision, &e);
    return e;
}

RawScore Scheduler::rawScore(size_t plugin, const ClusterState& cluster, uint32_t node, const PodSpec& pod,
                             ShapeId shape)
{
    ScorePlugin& p = *plugins_[plugin];
    if (shape == kNoShape || !caching_ || !p.cacheable())
        return p.score(ScoreInput{cluster, node, pod});
    auto& byShape = cache_[plugin];
    if (byShape.size() <= shape)
        byShape.resize(size_t(shape) + 1);
    auto& entries = byShape[shape];
    if (entries.empty())
        entries.resize(cluster.nodeCount());
    CacheEntry& entry = entries[node];
    const uint32_t version = cluster.version(node) + 1;
    if (entry.version != version) {
        const RawScore s = p.score(ScoreInput{cluster, node, pod});
        entry = CacheEntry{version, int32_t(s.value), s.gpu};
    }
    return RawScore{entry.value, entry.gpu};
}

GpuMask Scheduler::chooseGpus(const ClusterState& cluster, uint32_t node, const PodSpec& pod, ShapeId shape,
                              Rng& rng)
{
    const NodeState& s = cluster.state(node);
    const int gpuCount = cluster.spec(node).gpuCount;
    if (pod.isCpuOnly())
        return 0;
    if (!pod.isShare())
        return lowestFreeGpus(s, gpuCount, pod.gpuCount);

    switch (plugins_[selector_]->gpuSelector()) {
    case GpuSelector::OwnArgmax: {
        const RawScore r = rawScore(selector_, cluster, node, pod, shape);
        if (r.gpu >= 0)
            return GpuMask(1u << r.gpu);
        break;  // the plugin had no opinion: fall back to best fit
    }
    case GpuSelector::Random: {
        int fitting = 0;
        for (int g = 0; g < gpuCount; ++g)
            fitting += s.gpuLeft[size_t(g)] >= pod.gpuMilli;
        uint64_t pick = rng.below(uint64_t(fitting));
        for (int g = 0; g < gpuCount; ++g)
            if (s.gpuLeft[size_t(g)] >= pod.gpuMilli && pick-- == 0)
                return GpuMask(1u << g);
        break;
    }
    case GpuSelector::Best:
        break;
    }
    int best = -1;
    for (int g = 0; g < gpuCount; ++g) {
        const int16_t r = s.gpuLeft[size_t(g)];
        if (r >= pod.gpuMilli && (best < 0 || r < s.gpuLeft[size_t(best)]))
            best = g;
    }
    return best < 0 ? 0 : GpuMask(1u << best);
}

Placement Scheduler::run(const ClusterState& cluster, const PodSpec& pod, ShapeId shape, uint64_t decision,
                         DecisionExplanation* e)
{
    feasible_.clear();
    for (uint32_t n : tieOrder_) {
        if (FeasibilityFilter::fits(cluster, n, pod))
            feasible_.push_back(n);
        else if (e)
            e->filtered.push_back({n, FeasibilityFilter::reason(cluster, n, pod),
                                   std::string(FeasibilityFilter::reasonGroup(cluster, n, pod))});
    }
    if (e)
        for (size_t p = 0; p < plugins_.size(); ++p) {
            e->plugins.push_back(policy_.terms[p].name);
            e->weights.push_back(policy_.terms[p].weight);
            e->minMax.push_back(plugins_[p]->normalisation().minMax);
            e->measures.emplace_back(plugins_[p]->measureName());
        }
    if (feasible_.empty()) {
        if (e)
            e->why = "no node passes the filter: the pod fails";
        return {};
    }

    Rng rng = Rng::stream(seed_, kDecisionStream, decision);
    uint32_t winner = feasible_.front();
    if (feasible_.size() == 1) {
        if (e) {
            e->candidates.push_back({winner, tieRank_[winner], {}, {}, {}, 0});
            e->why = "the only feasible node (taken without scoring)";
        }
    } else {
        const size_t plugins = plugins_.size();
        const size_t count = feasible_.size();
        std::vector<int64_t> lo(plugins, std::numeric_limits<int64_t>::max());
        std::vector<int64_t> hi(plugins, std::numeric_limits<int64_t>::min());
        std::vector<std::vector<double>> measures(e ? plugins : 0);  // only an explanation shows them
        for (size_t p = 0; p < plugins; ++p) {
            plugins_[p]->preScore(feasible_, rng);
            raw_[p].resize(count);
            if (e)
                measures[p].resize(count);
            for (size_t i = 0; i < count; ++i) {
                const RawScore r = rawScore(p, cluster, feasible_[i], pod, shape);
                const int64_t v = r.value;
                if (e)
                    measures[p][i] = r.measure;
                raw_[p][i] = v;
                lo[p] = std::min(lo[p], v);
                hi[p] = std::max(hi[p], v);
            }
        }
        auto normalised = [&](size_t p, size_t i) {
            return plugins_[p]->normalisation().apply(raw_[p][i], lo[p], hi[p]);
        };
        int64_t best = std::numeric_limits<int64_t>::min();
        size_t ties = 0;
        for (size_t i = 0; i < count; ++i) {
            int64_t total = 0;
            for (size_t p = 0; p < plugins; ++p)
                total += policy_.terms[p].weight * normalised(p, i);
            if (total > best) {
                best = total;
                winner = feasible_[i];
                ties = 1;
            } else if (total == best) {
                ++ties;
            }
            if (e) {
                DecisionExplanation::Candidate c{feasible_[i], tieRank_[feasible_[i]], {}, {}, {}, total};
                for (size_t p = 0; p < plugins; ++p) {
                    c.raw.push_back(raw_[p][i]);
                    c.normalised.push_back(normalised(p, i));
                    c.measure.push_back(measures[p][i]);
                }
                e->candidates.push_back(std::move(c));
            }
        }
        if (e)
            e->why = ties > 1 ? fmt::format("{} nodes tie at the highest total {}: the first in the run's node "
                                            "order wins (rank {})", ties, best, tieRank_[winner])
                              : fmt::format("highest total score {}", best);
    }
    const Placement placement{int32_t(winner), chooseGpus(cluster, winner, pod, shape, rng)};
    if (e) {
        e->winner = winner;
        e->gpus = placement.gpus;
    }
    return placement;
}

}  // namespace tessera
