// DotProduct, Tetris-like (fgd-pwr.md 5.3): the larger the dot product of the node's free
// vector and the pod's request, the lower the score.
#include "sched/PluginRegistry.h"

namespace tessera {
namespace {

class DotProductPlugin final : public ScorePlugin {
public:
    std::string_view name() const override { return "dotproduct"; }

    RawScore score(const ScoreInput& in) const override
    {
        const PodSpec& p = in.pod;
        if (in.state().cpuLeft < p.cpuMilli)
            return {0, -1};
        const double nodeCpu = double(in.state().cpuLeft) / 128000.0;
        const double nodeGpu = double(in.summary().gpuLeftTotal) / 8000.0;
        const double podCpu = double(p.cpuMilli) / 128000.0;
        const double podGpu = double(p.totalGpuMilli()) / 8000.0;
        const double dot = (nodeCpu * podCpu + nodeGpu * podGpu) / 2.0;
        return {int64_t(100.0 * (1.0 - dot)), -1};
    }
};

const PluginRegistration registration("dotproduct", [] { return std::make_unique<DotProductPlugin>(); });

}  // namespace
}  // namespace tessera
