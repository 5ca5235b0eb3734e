#include "model/Cluster.h"

namespace tessera {

int Cluster::totalGpus() const
{
    int total = 0;
    for (const auto& n : nodes)
        total += n.gpuCount;
    return total;
}

int64_t Cluster::totalCpuMilli() const
{
    int64_t total = 0;
    for (const auto& n : nodes)
        total += n.cpuMilli;
    return total;
}

}  // namespace tessera
