#include "training/JobSpeed.h"

#include <algorithm>

namespace tessera {

double pmPenalty(const VariabilityTable& table, JobClass jobClass, const std::vector<int>& gpus)
{
    double slowest = gpus.empty() ? 1.0 : 0.0;
    for (int g : gpus)
        slowest = std::max(slowest, table.score(g, jobClass));
    return slowest;
}

double localityPenalty(const std::vector<int>& gpus, int gpusPerNode, double penalty)
{
    for (int g : gpus)
        if (g / gpusPerNode != gpus.front() / gpusPerNode)
            return penalty;
    return 1.0;
}

}  // namespace tessera
