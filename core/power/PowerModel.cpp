#include "power/PowerModel.h"

namespace tessera {

namespace {
int ceilDiv(int a, int b) { return (a + b - 1) / b; }
}

NodePower PowerModel::nodePower(const NodeSpec& spec, const NodeState& state) const
{
    NodePower p;
    if (spec.gpuCount > 0) {
        int idle = 0;
        for (int g = 0; g < spec.gpuCount; ++g)
            idle += state.gpuLeft[size_t(g)] == kMilli;
        const int busy = spec.gpuCount - idle;
        p.gpuWatts = registry_->idleWatts(spec.model) * idle + registry_->fullWatts(spec.model) * busy;
    }
    // Two vCPUs are one physical core.
    const int cores = ceilDiv(spec.cpuMilli, 2000);
    const int idleCores = state.cpuLeft / 2000;
    const int working = cores - idleCores;
    const int packages = ceilDiv(cores, cpu_.coresPerPackage);
    const int active = ceilDiv(working, cpu_.coresPerPackage);
    p.cpuWatts = cpu_.idleWatts * (packages - active) + cpu_.fullWatts * active;
    return p;
}

}  // namespace tessera
