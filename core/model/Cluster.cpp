#include "model/Cluster.h"

#include "util/SumOf.h"

namespace tessera {

int Cluster::totalGpus() const { return sumOf<int>(nodes, &NodeSpec::gpuCount); }

int64_t Cluster::totalCpuMilli() const { return sumOf<int64_t>(nodes, &NodeSpec::cpuMilli); }

}  // namespace tessera
