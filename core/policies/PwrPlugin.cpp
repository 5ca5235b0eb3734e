// PWR: power-aware scoring (fgd-pwr.md section 8.1). Raw score = minus the node's power
// increase in watts, min-max normalised over the feasible nodes (all equal -> 100).
#include "sched/HypotheticalPlacement.h"
#include "sched/PluginRegistry.h"

namespace tessera {
namespace {

class PwrPlugin final : public ScorePlugin {
public:
    std::string_view name() const override { return "pwr"; }
    GpuSelector gpuSelector() const override { return GpuSelector::OwnArgmax; }
    Normalisation normalisation() const override { return {true, 100}; }

    RawScore score(const ScoreInput& in) const override
    {
        const int64_t before = in.summary().power.total();
        return scoreHypotheticalPlacement(in, [&](const NodeState& after) {
            return before - in.cluster.power().nodePower(in.spec(), after).total();
        });
    }
};

const PluginRegistration registration("pwr", [] { return std::make_unique<PwrPlugin>(); });

}  // namespace
}  // namespace tessera
