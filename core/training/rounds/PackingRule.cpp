#include "training/rounds/PackingRule.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

namespace tessera::rounds {

namespace {

GpuList freeOnNode(const RoundCluster& cluster, const std::vector<char>& freeMask, uint32_t node, uint32_t take)
{
    GpuList gpus;
    for (uint32_t g = node * cluster.gpusPerNode; g < (node + 1) * cluster.gpusPerNode && gpus.size() < take; ++g)
        if (freeMask[g])
            gpus.push_back(g);
    return gpus;
}

}  // namespace

std::optional<Packing> packGpus(const RoundCluster& cluster, const std::vector<char>& freeMask, uint32_t n)
{
    std::vector<uint32_t> freeCount(cluster.nodes, 0);
    for (uint32_t g = 0; g < cluster.gpuCount(); ++g)
        freeCount[cluster.nodeOf(g)] += freeMask[g] ? 1 : 0;
    if (std::accumulate(freeCount.begin(), freeCount.end(), 0u) < n)
        return std::nullopt;
    for (uint32_t node = 0; node < cluster.nodes; ++node)
        if (freeCount[node] == n)
            return Packing{freeOnNode(cluster, freeMask, node, n), fmt::format("exact fit: node {}", node)};
    std::optional<uint32_t> bestFit;
    for (uint32_t node = 0; node < cluster.nodes; ++node)
        if (freeCount[node] >= n && (!bestFit || freeCount[node] < freeCount[*bestFit]))
            bestFit = node;
    if (bestFit)
        return Packing{freeOnNode(cluster, freeMask, *bestFit, n), fmt::format("best fit: node {}", *bestFit)};
    GpuList gpus;
    std::string nodes;
    while (gpus.size() < n) {
        uint32_t most = 0;
        for (uint32_t node = 1; node < cluster.nodes; ++node)
            if (freeCount[node] > freeCount[most])
                most = node;
        GpuList taken = freeOnNode(cluster, freeMask, most, n - uint32_t(gpus.size()));
        freeCount[most] = 0;
        gpus.insert(gpus.end(), taken.begin(), taken.end());
        nodes += fmt::format("{}{}", nodes.empty() ? "" : ", ", most);
    }
    std::sort(gpus.begin(), gpus.end());
    return Packing{std::move(gpus), fmt::format("spread over nodes {} (most free first)", nodes)};
}

}  // namespace tessera::rounds
