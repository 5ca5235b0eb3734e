// GpuClustering (fgd-pwr.md 5.4): keep pods of one GPU class together, preferring nodes
// that already hold only that class, then fuller nodes.
#include "sched/PluginRegistry.h"

namespace tessera {
namespace {

class GpuClusteringPlugin final : public ScorePlugin {
public:
    std::string_view name() const override { return "gpuclustering"; }

    RawScore score(const ScoreInput& in) const override
    {
        if (in.pod.isCpuOnly())
            return {0, -1};
        const auto& affinity = in.state().affinity;
        int classes = 0;
        for (uint16_t count : affinity)
            classes += count > 0;
        const int64_t base = 25 * (8000 - int64_t(in.summary().gpuLeftTotal)) / 8000;
        if (affinity[size_t(NodeState::affinityTag(in.pod))] > 0)
            return {base + (classes == 1 ? 75 : 50), -1};
        return {base + (classes == 0 ? 25 : 0), -1};
    }
};

const PluginRegistration registration("gpuclustering", [] { return std::make_unique<GpuClusteringPlugin>(); });

}  // namespace
}  // namespace tessera
