// The ideal scheduler ("oracle", mig-elasticbatch.md 2.2 baselines): the full measured table, the
// requests' own sizes rather than padded buckets (Tessera plans each bucket at its mean size, the
// spec leaving the grouping open), the Step 3 rule, and the fewest GPUs by dynamic programming over
// the valid per-GPU multisets.
#include "inference/InferencePolicy.h"
#include "inference/PlanAssembly.h"

#include <stdexcept>

namespace tessera {
namespace {

class OraclePolicy final : public InferencePolicy {
public:
    std::string spec() const override { return "oracle"; }
    std::string label() const override { return "Ideal scheduler (oracle)"; }
    bool plansExactSizes() const override { return true; }
    InferencePlan plan(const PlanningContext& context) const override
    {
        return planByClass(context, profiledGrid(context.gpu, 1), Packing::Optimal, true);
    }
};

const InferencePolicyRegistration registration("oracle", [](std::string_view argument, const MigGpuType&) {
    if (!argument.empty())
        throw std::invalid_argument("oracle takes no argument");
    return std::make_unique<OraclePolicy>();
});

}  // namespace
}  // namespace tessera
