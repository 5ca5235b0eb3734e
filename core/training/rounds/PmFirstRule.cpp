#include "training/rounds/PmFirstRule.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <tuple>
#include <utility>

namespace tessera::rounds {

std::optional<GpuList> pmFirstPlace(const RoundCluster& cluster, uint32_t classIndex, const GpuList& pool, uint32_t n)
{
    if (pool.size() < n)
        return std::nullopt;
    const auto& sf = cluster.binnedSf[classIndex];
    // How many pool GPUs share each (node, sf) pair: the best-match locality compares it with n.
    std::map<std::pair<uint32_t, double>, long> sameBin;
    for (uint32_t g : pool)
        ++sameBin[{cluster.nodeOf(g), sf[g]}];
    struct Ranked {
        double sf;
        long loc;
        uint32_t gpu;
    };
    std::vector<Ranked> ranked;
    ranked.reserve(pool.size());
    for (uint32_t g : pool)
        ranked.push_back({sf[g], std::labs(sameBin[{cluster.nodeOf(g), sf[g]}] - long(n)), g});
    std::sort(ranked.begin(), ranked.end(),
              [](const Ranked& a, const Ranked& b) { return std::tie(a.sf, a.loc, a.gpu) < std::tie(b.sf, b.loc, b.gpu); });
    GpuList chosen;
    for (uint32_t i = 0; i < n; ++i)
        chosen.push_back(ranked[i].gpu);
    std::sort(chosen.begin(), chosen.end());
    return chosen;
}

}  // namespace tessera::rounds
