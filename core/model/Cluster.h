#pragma once

#include "model/GpuModelRegistry.h"
#include "model/NodeSpec.h"
#include "model/PodSpec.h"

#include <string>
#include <vector>

namespace tessera {

// The static inputs of a GPU-sharing run: the registry, the nodes and the pod list.
struct Cluster {
    GpuModelRegistry registry = GpuModelRegistry::builtin();
    std::vector<NodeSpec> nodes;
    int totalGpus() const;
    int64_t totalCpuMilli() const;
};

struct PodList {
    std::vector<PodSpec> pods;
    bool hasTimes = false;  // creation/deletion columns present (not in multigpu* files)
    std::string path;
};

}  // namespace tessera
