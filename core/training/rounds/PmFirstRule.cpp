#include "training/rounds/PmFirstRule.h"

#include "util/CountText.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <tuple>
#include <utility>
#include <vector>

namespace tessera::rounds {

std::optional<GpuList> pmFirstPlace(const RoundCluster& cluster, uint32_t classIndex, const GpuList& unsortedPool,
                                    uint32_t n)
{
    GpuList sortedCopy;
    if (!std::is_sorted(unsortedPool.begin(), unsortedPool.end())) {
        sortedCopy = unsortedPool;
        std::sort(sortedCopy.begin(), sortedCopy.end());
    }
    const GpuList& pool = sortedCopy.empty() ? unsortedPool : sortedCopy;
    if (pool.size() < n)
        return std::nullopt;
    const auto& sf = cluster.binnedSf[classIndex];
    // How many pool GPUs share each GPU's (node, sf) pair: the best-match locality compares it
    // with n. A GpuList ascends, so a node's GPUs are adjacent and a node holds only a few: count
    // within each run of one node, with no allocation (this runs for every job placed in every
    // round).
    std::vector<long> sameBin(pool.size(), 0);
    for (size_t begin = 0; begin < pool.size();) {
        size_t end = begin + 1;
        while (end < pool.size() && cluster.nodeOf(pool[end]) == cluster.nodeOf(pool[begin]))
            ++end;
        for (size_t i = begin; i < end; ++i)
            for (size_t j = begin; j < end; ++j)
                sameBin[i] += sf[pool[i]] == sf[pool[j]];
        begin = end;
    }
    struct Ranked {
        double sf;
        long loc;
        uint32_t gpu;
    };
    std::vector<Ranked> ranked;
    ranked.reserve(pool.size());
    for (size_t i = 0; i < pool.size(); ++i)
        ranked.push_back({sf[pool[i]], std::labs(sameBin[i] - long(n)), pool[i]});
    // Only the first n matter; the GPU id makes the order total, so they are the same n a full
    // sort would give.
    std::partial_sort(ranked.begin(), ranked.begin() + n, ranked.end(), [](const Ranked& a, const Ranked& b) {
        return std::tie(a.sf, a.loc, a.gpu) < std::tie(b.sf, b.loc, b.gpu);
    });
    GpuList chosen;
    for (uint32_t i = 0; i < n; ++i)
        chosen.push_back(ranked[i].gpu);
    std::sort(chosen.begin(), chosen.end());
    return chosen;
}

std::optional<GpuList> pmFirstPlace(const RoundCluster& cluster, uint32_t classIndex, const GpuList& pool, uint32_t n,
                                    double locality, std::vector<CandidateSet>& trail, const std::string& reason)
{
    const auto& sf = cluster.binnedSf[classIndex];
    std::vector<double> bins(sf.begin(), sf.end());
    std::sort(bins.begin(), bins.end());
    bins.erase(std::unique(bins.begin(), bins.end()), bins.end());
    const auto withReason = [&](std::string note) { return reason.empty() ? note : reason + "; " + note; };
    std::optional<GpuList> taken;
    for (double v : bins) {
        CandidateSet step;
        if (taken) {
            step = describeCandidate(cluster, classIndex, locality, fmt::format("PM-First ≤ {:.3f}", v), {});
            step.reached = false;
            step.note = "not needed: a lower bin had room";
        } else {
            GpuList below;
            for (uint32_t g : pool)
                if (sf[g] <= v)
                    below.push_back(g);
            auto gpus = pmFirstPlace(cluster, classIndex, below, n);
            step = describeCandidate(cluster, classIndex, locality, fmt::format("PM-First ≤ {:.3f}", v),
                                     gpus.value_or(GpuList{}));
            step.chosen = gpus.has_value();
            step.note = gpus ? withReason("lowest bin with room")
                             : fmt::format("only {} ≤ {:.3f}", countText(below.size(), "free GPU"), v);
            taken = std::move(gpus);
        }
        step.bin = v;
        const bool spans = step.gpus.empty() ? n > cluster.gpusPerNode : cluster.spansNodes(step.gpus);
        step.cost = v * (spans ? locality : 1.0);
        trail.push_back(std::move(step));
    }
    if (!taken && !trail.empty() && !reason.empty())
        trail.back().note = withReason(trail.back().note);
    return taken;
}

}  // namespace tessera::rounds
