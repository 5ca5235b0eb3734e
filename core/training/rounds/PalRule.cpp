#include "training/rounds/PalRule.h"

#include "training/rounds/PmFirstRule.h"
#include "util/CountText.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace tessera::rounds {

namespace {

// The first n-subset of `gpus` (ascending ids), in lexicographic order, whose max sf is smallest
// (B4's enumeration, whose first minimum wins). No subset's max is below m, the n-th smallest sf,
// and the subsets reaching it are those of the GPUs at or below m; the lexicographically first of
// them is their first n. So no enumeration: a node of 64 GPUs has 1.8e18 subsets of 32.
GpuList firstMinimumSubset(const std::vector<double>& sf, const GpuList& gpus, uint32_t n, double& bestMax)
{
    std::vector<double> values;
    values.reserve(gpus.size());
    for (uint32_t g : gpus)
        values.push_back(sf[g]);
    std::nth_element(values.begin(), values.begin() + (n - 1), values.end());
    bestMax = values[n - 1];
    GpuList best;
    for (uint32_t g : gpus)
        if (best.size() < n && sf[g] <= bestMax)
            best.push_back(g);
    return best;
}

std::optional<GpuList> withinOneNode(const RoundCluster& cluster, const std::vector<double>& sf, const GpuList& s,
                                     uint32_t n, std::string& note)
{
    std::map<uint32_t, GpuList> byNode;
    for (uint32_t g : s)
        byNode[cluster.nodeOf(g)].push_back(g);
    std::vector<std::pair<uint32_t, const GpuList*>> nodes;
    for (const auto& [node, gpus] : byNode)
        if (gpus.size() >= n)
            nodes.push_back({node, &gpus});
    if (nodes.empty()) {
        note = fmt::format("no node has {}", countText(n, "free GPU"));
        return std::nullopt;
    }
    std::stable_sort(nodes.begin(), nodes.end(),
                     [](const auto& a, const auto& b) { return a.second->size() > b.second->size(); });
    GpuList best;
    double bestMax = 0;
    uint32_t bestNode = 0;
    for (const auto& [node, gpus] : nodes) {
        double nodeMax = 0;
        GpuList subset = firstMinimumSubset(sf, *gpus, n, nodeMax);
        if (best.empty() || nodeMax < bestMax) {
            best = std::move(subset);
            bestMax = nodeMax;
            bestNode = node;
        }
    }
    note = nodes.size() == 1 ? fmt::format("node {}, the only one with room", bestNode)
                             : fmt::format("node {} (of {} with room)", bestNode, nodes.size());
    return best;
}

// One step of PAL's traversal over the free GPUs: the set it gives, or nullopt, and a note.
std::optional<GpuList> palStep(const RoundCluster& cluster, const std::vector<double>& sf, const PalStep& step,
                               uint32_t classIndex, const GpuList& freeGpus, uint32_t n, std::string& note)
{
    GpuList s;
    for (uint32_t g : freeGpus)
        if (sf[g] <= step.v)
            s.push_back(g);
    if (!step.across)
        return withinOneNode(cluster, sf, s, n, note);
    auto gpus = pmFirstPlace(cluster, classIndex, s, n);
    note = gpus ? fmt::format("PM-First over {}", countText(s.size(), "free GPU"))
                : fmt::format("only {}", countText(s.size(), "free GPU"));
    return gpus;
}

}  // namespace

std::optional<GpuList> palPlace(const RoundCluster& cluster, uint32_t classIndex, std::span<const PalStep> order,
                                const GpuList& freeGpus, uint32_t n, double locality, std::vector<CandidateSet>* trail)
{
    const auto& sf = cluster.binnedSf[classIndex];
    if (n <= 1 || n > cluster.gpusPerNode) {
        if (!trail)
            return pmFirstPlace(cluster, classIndex, freeGpus, n);
        // Named as PAL's own path, so that the inspector does not read as if another policy had run.
        const std::string reason =
            n <= 1 ? std::string("1 GPU: PAL leaves it to PM-First (no node to choose)")
                   : fmt::format("{} > a node's {}: PAL leaves it to PM-First (it spans nodes anyway)",
                                 countText(n, "GPU"), cluster.gpusPerNode);
        return pmFirstPlace(cluster, classIndex, freeGpus, n, locality, *trail, reason);
    }
    std::optional<GpuList> taken;
    double takenCost = 0;
    for (const PalStep& step : order) {
        // Without a trail the walk stops at the first step with room; with one it goes on, so
        // that the steps never reached show the sets they would have given.
        if (taken && !trail)
            break;
        std::string note;
        auto gpus = palStep(cluster, sf, step, classIndex, freeGpus, n, note);
        if (trail) {
            auto candidate = describeCandidate(cluster, classIndex, locality,
                                               fmt::format("{} ≤ {:.3f}", step.across ? "across" : "within", step.v),
                                               gpus.value_or(GpuList{}));
            candidate.bin = step.v;
            candidate.locality = step.across ? StepLocality::AcrossNodes : StepLocality::WithinNode;
            candidate.cost = step.cost;
            candidate.reached = !taken;
            candidate.chosen = !taken && gpus;
            if (!candidate.reached)
                candidate.note = fmt::format("after the chosen step ({:.3f}){}", takenCost,
                                             !gpus ? "; no room either" : *gpus == *taken ? "; same set" : "");
            else
                candidate.note = gpus ? "cheapest step with room: " + note : "no room: " + note;
            trail->push_back(std::move(candidate));
        }
        if (gpus && !taken) {
            taken = std::move(gpus);
            takenCost = step.cost;
        }
    }
    return taken;
}

}  // namespace tessera::rounds
