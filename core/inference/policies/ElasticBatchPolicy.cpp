// ElasticBatch-like (mig-elasticbatch.md 2.2, reconstructed from the published abstract): per class
// the cheapest SLO-feasible (profile, batch) with one process, ceil replication, first-fit-decreasing
// packing; re-planned elastically (Step 6), changing only the difference (IncrementalReplan). Plans with the learned predictor
// unless --predictor table.
#include "inference/InferencePolicy.h"
#include "inference/PlanAssembly.h"

#include <stdexcept>

namespace tessera {
namespace {

class ElasticBatchPolicy final : public InferencePolicy {
public:
    std::string spec() const override { return "elasticbatch"; }
    std::string label() const override { return "ElasticBatch-like"; }
    std::string description() const override { return "ElasticBatch-like (reconstructed from the published abstract)"; }
    PredictorUse predictorUse() const override { return PredictorUse::LearnedByDefault; }
    bool replansIncrementally() const override { return true; }
    InferencePlan plan(const PlanningContext& context) const override
    {
        return planByClass(context, profiledGrid(context.gpu, 1), Packing::FirstFitDecreasing);
    }
};

const InferencePolicyRegistration registration("elasticbatch", [](std::string_view argument, const MigGpuType&) {
    if (!argument.empty())
        throw std::invalid_argument("elasticbatch takes no argument");
    return std::make_unique<ElasticBatchPolicy>();
});

}  // namespace
}  // namespace tessera
