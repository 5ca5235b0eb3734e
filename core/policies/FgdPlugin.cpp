// FGD: fragmentation gradient descent (fgd-pwr.md section 4). Prefers the placement that
// grows the node's expected fragmentation least; share pods take that GPU too.
#include "sched/HypotheticalPlacement.h"
#include "sched/PluginRegistry.h"

#include <cmath>

namespace tessera {
namespace {

class FgdPlugin final : public ScorePlugin {
public:
    std::string_view name() const override { return "fgd"; }
    GpuSelector gpuSelector() const override { return GpuSelector::OwnArgmax; }
    std::string_view measureName() const override { return "Δ frag (GPU)"; }

    RawScore score(const ScoreInput& in) const override
    {
        const FragmentationModel& frag = in.cluster.fragmentation();
        const int64_t before = in.summary().fragmentScaled;
        // Fragment growth in GPUs: F is milli-GPU, kept scaled by frag.scale().
        const double perGpu = 1.0 / (double(frag.scale()) * 1000.0);
        return scoreHypotheticalPlacement(in, [&](const NodeState& after) {
            // x is the fragmentation the placement removes; the inspector shows its growth, -x.
            const double x = double(before - frag.nodeFragmentScaled(in.spec(), after)) * perGpu;
            return RawScore{int64_t(100.0 / (1.0 + std::exp(-x))), -1, 0.0 - x};
        });
    }
};

const PluginRegistration registration("fgd", [] { return std::make_unique<FgdPlugin>(); });

}  // namespace
}  // namespace tessera
