#include "training/placement/TrainingPlacementText.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <vector>

namespace tessera {

std::string classLabel(uint32_t classIndex) { return fmt::format("class {}", char('A' + classIndex)); }

std::string gpusText(rounds::GpuList gpus)
{
    if (gpus.empty())
        return "no GPUs";
    if (gpus.size() == 1)
        return fmt::format("GPU {}", gpus.front());
    std::sort(gpus.begin(), gpus.end());
    std::vector<std::string> parts;
    for (size_t first = 0; first < gpus.size();) {
        size_t last = first;
        while (last + 1 < gpus.size() && gpus[last + 1] == gpus[last] + 1)
            ++last;
        if (last >= first + 2)
            parts.push_back(fmt::format("{}-{}", gpus[first], gpus[last]));
        else
            for (size_t i = first; i <= last; ++i)
                parts.push_back(fmt::format("{}", gpus[i]));
        first = last + 1;
    }
    return fmt::format("GPUs {}", fmt::join(parts, ", "));
}

std::string nodeName(uint32_t node)
{
    return fmt::format("node {}", node);
}

std::string firstNodeName(const rounds::RoundCluster& cluster, const rounds::GpuList& gpus)
{
    return gpus.empty() ? std::string() : nodeName(cluster.nodeOf(gpus.front()));
}

}  // namespace tessera
