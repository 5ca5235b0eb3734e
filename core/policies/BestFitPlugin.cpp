// BestFit (fgd-pwr.md 5.6): the node left with the least CPU and GPU, min-max normalised
// over the feasible nodes (all equal -> 0).
#include "sched/PluginRegistry.h"

namespace tessera {
namespace {

class BestFitPlugin final : public ScorePlugin {
public:
    std::string_view name() const override { return "bestfit"; }
    Normalisation normalisation() const override { return {true, 0}; }

    RawScore score(const ScoreInput& in) const override
    {
        const PodSpec& p = in.pod;
        const double cpu = double(in.state().cpuLeft - p.cpuMilli) / 128000.0;
        const double gpu = double(in.summary().gpuLeftTotal - p.totalGpuMilli()) / 8000.0;
        return {int64_t(100.0 * (1.0 - (0.5 * cpu + 0.5 * gpu))), -1};
    }
};

const PluginRegistration registration("bestfit", [] { return std::make_unique<BestFitPlugin>(); });

}  // namespace
}  // namespace tessera
