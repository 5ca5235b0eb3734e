#include "training/rounds/PalRule.h"

#include "training/rounds/PmFirstRule.h"

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
        note = fmt::format("no node has {} free GPUs at or below this sf", n);
        return std::nullopt;
    }
    std::stable_sort(nodes.begin(), nodes.end(),
                     [](const auto& a, const auto& b) { return a.second->size() > b.second->size(); });
    GpuList best;
    double bestMax = 0;
    uint32_t bestNode = 0;
    std::string visited;
    for (const auto& [node, gpus] : nodes) {
        double nodeMax = 0;
        GpuList subset = firstMinimumSubset(sf, *gpus, n, nodeMax);
        visited += fmt::format("{}{} ({} GPUs)", visited.empty() ? "" : ", ", node, gpus->size());
        if (best.empty() || nodeMax < bestMax) {
            best = std::move(subset);
            bestMax = nodeMax;
            bestNode = node;
        }
    }
    note = fmt::format("nodes visited: {}; first subset of lowest max sf on node {}", visited, bestNode);
    return best;
}

}  // namespace

std::optional<GpuList> palPlace(const RoundCluster& cluster, uint32_t classIndex, std::span<const PalStep> order,
                                const GpuList& freeGpus, uint32_t n, double locality, std::vector<CandidateSet>* trail)
{
    const auto& sf = cluster.binnedSf[classIndex];
    if (n <= 1 || n > cluster.gpusPerNode) {
        auto gpus = pmFirstPlace(cluster, classIndex, freeGpus, n);
        if (trail) {
            // Named as PAL's own path, so the inspector does not read as if PM-First had run.
            const bool single = n <= 1;
            auto candidate = describeCandidate(cluster, classIndex, locality,
                                               single ? "PAL via PM-First (1 GPU)"
                                                      : "PAL via PM-First (wider than a node)",
                                               gpus.value_or(GpuList{}));
            candidate.cost = candidate.maxSf * candidate.localityPenalty;
            candidate.note = !gpus ? fmt::format("only {} GPUs free", freeGpus.size())
                             : single ? std::string("1 GPU: no locality to weigh, so PAL takes the free GPU PM-First "
                                                    "ranks first (lowest binned sf)")
                                      : fmt::format("{} GPUs, more than a node's {}: the job spans nodes whatever PAL "
                                                    "picks, so it takes PM-First's choice (lowest binned sf first)",
                                                    n, cluster.gpusPerNode);
            candidate.chosen = gpus.has_value();
            trail->push_back(std::move(candidate));
        }
        return gpus;
    }
    for (const PalStep& step : order) {
        GpuList s;
        for (uint32_t g : freeGpus)
            if (sf[g] <= step.v)
                s.push_back(g);
        std::optional<GpuList> gpus;
        std::string note;
        if (!step.across) {
            gpus = withinOneNode(cluster, sf, s, n, note);
        } else {
            gpus = pmFirstPlace(cluster, classIndex, s, n);
            note = gpus ? "PM-First over the free GPUs at or below this sf"
                        : fmt::format("only {} free GPUs at or below this sf", s.size());
        }
        if (trail) {
            auto candidate = describeCandidate(cluster, classIndex, locality,
                                               fmt::format("{} v={:.4g}", step.across ? "ACROSS" : "WITHIN", step.v),
                                               gpus.value_or(GpuList{}));
            candidate.cost = step.cost;
            candidate.note = gpus ? fmt::format("first step in cost order that yields {} GPUs; {}", n, note) : note;
            candidate.chosen = gpus.has_value();
            trail->push_back(std::move(candidate));
        }
        if (gpus)
            return gpus;
    }
    return std::nullopt;
}

}  // namespace tessera::rounds
