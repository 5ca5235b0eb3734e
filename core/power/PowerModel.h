#pragma once

#include "model/GpuModelRegistry.h"
#include "model/NodeSpec.h"
#include "model/NodeState.h"

namespace tessera {

// A CPU package's power profile (fgd-pwr.md section 7).
struct CpuProfile {
    int64_t idleWatts = 15;
    int64_t fullWatts = 120;
    int coresPerPackage = 16;
};

// Whole watts: totals stay exact however often a node changes and changes back.
struct NodePower {
    int64_t cpuWatts = 0;
    int64_t gpuWatts = 0;
    int64_t total() const { return cpuWatts + gpuWatts; }
};

// PWR's step power model: a GPU with any allocation runs at full power, and so does a
// CPU package with any working core. The published runs use the "" profile on all nodes.
class PowerModel {
public:
    PowerModel(const GpuModelRegistry& registry, CpuProfile cpu = {}) : registry_(&registry), cpu_(cpu) {}

    NodePower nodePower(const NodeSpec& spec, const NodeState& state) const;

private:
    const GpuModelRegistry* registry_;
    CpuProfile cpu_;
};

}  // namespace tessera
