#include "training/rounds/RoundCluster.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace tessera::rounds {

bool RoundCluster::spansNodes(const GpuList& gpus) const
{
    return std::any_of(gpus.begin(), gpus.end(), [&](uint32_t g) { return nodeOf(g) != nodeOf(gpus.front()); });
}

double RoundCluster::pmPenalty(uint32_t classIndex, const GpuList& gpus) const
{
    double worst = gpus.empty() ? 1.0 : 0.0;
    for (uint32_t g : gpus)
        worst = std::max(worst, perfVar[classIndex][g]);
    return worst;
}

double RoundCluster::maxSf(uint32_t classIndex, const GpuList& gpus) const
{
    double worst = 0;
    for (uint32_t g : gpus)
        worst = std::max(worst, binnedSf[classIndex][g]);
    return worst;
}

RoundCluster RoundCluster::uniform(uint32_t nodes, uint32_t gpusPerNode)
{
    RoundCluster cluster{nodes, gpusPerNode, {}, {}};
    for (uint32_t c = 0; c < kRoundClasses; ++c) {
        cluster.perfVar[c].assign(cluster.gpuCount(), 1.0);
        cluster.binnedSf[c].assign(cluster.gpuCount(), 1.0);
    }
    return cluster;
}

void RoundCluster::validate() const
{
    if (nodes == 0 || gpusPerNode == 0)
        throw std::invalid_argument(fmt::format("the cluster has no GPUs ({} nodes x {} GPUs)", nodes, gpusPerNode));
    static constexpr const char* kClassNames[] = {"classA", "classB", "classC", "classD"};
    for (uint32_t c = 0; c < kRoundClasses; ++c) {
        for (const auto* table : {&perfVar[c], &binnedSf[c]}) {
            const char* what = table == &perfVar[c] ? "PerfVar" : "binned slowdown";
            if (table->size() != gpuCount())
                throw std::invalid_argument(fmt::format("the {} table of {} has {} GPUs, the cluster {}", what,
                                                        kClassNames[c], table->size(), gpuCount()));
            for (size_t g = 0; g < table->size(); ++g)
                if (!std::isfinite((*table)[g]) || (*table)[g] <= 0)
                    throw std::invalid_argument(fmt::format("the {} of {} on GPU {} is {}; it must be positive",
                                                            what, kClassNames[c], g, (*table)[g]));
        }
    }
}

}  // namespace tessera::rounds
