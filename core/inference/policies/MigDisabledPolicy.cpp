// MIG disabled (mig-elasticbatch.md 2.2, baselines): whole GPUs only, one process, one class per
// GPU; the batch by the Step 3 rule on the full-GPU (7g) rows; replicas = ceil(rate / throughput).
#include "inference/InferencePolicy.h"
#include "inference/PlanAssembly.h"
#include "mig/MigGpuType.h"

#include <stdexcept>

namespace tessera {
namespace {

class MigDisabledPolicy final : public InferencePolicy {
public:
    std::string spec() const override { return "mig-disabled"; }
    std::string label() const override { return "MIG disabled"; }
    InferencePlan plan(const PlanningContext& context) const override
    {
        ConfigurationGrid grid = profiledGrid(context.gpu, 1);
        grid.computeSlices = {context.gpu.computeSlices()};
        return planByClass(context, grid, Packing::FirstFitDecreasing);
    }
};

const InferencePolicyRegistration registration("mig-disabled", [](std::string_view argument, const MigGpuType&) {
    if (!argument.empty())
        throw std::invalid_argument("mig-disabled takes no argument");
    return std::make_unique<MigDisabledPolicy>();
});

}  // namespace
}  // namespace tessera
