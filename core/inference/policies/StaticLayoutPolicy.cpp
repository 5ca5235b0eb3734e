// Static layout (mig-parted / GPU Operator "mixed strategy", mig-elasticbatch.md 3): every GPU
// carries the same fixed layout and is never repartitioned. Each class takes the best SLO-feasible
// point among the sizes the layout offers; its replicas go first-fit to free instances of exactly
// that profile, a new GPU (with the whole layout) opening when none is free. A class whose feasible
// sizes the layout lacks stays pending; instances nobody needs stay idle.
#include "inference/InferencePolicy.h"
#include "inference/PlanAssembly.h"
#include "mig/MigGpuType.h"
#include "mig/MigLayout.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace tessera {
namespace {

class StaticLayoutPolicy final : public InferencePolicy {
public:
    StaticLayoutPolicy(const MigGpuType& gpu, MigLayout layout) : layout_(std::move(layout))
    {
        text_ = layoutText(gpu, layout_, '+');
    }

    std::string spec() const override { return "static:" + text_; }
    std::string label() const override { return "Static layout " + text_; }

    InferencePlan plan(const PlanningContext& context) const override
    {
        // The sizes a class may choose: those of the layout's instances that have profiled data.
        ConfigurationGrid grid = profiledGrid(context.gpu, 1);
        std::vector<int> offered;
        for (const MigInstance& instance : layout_.instances) {
            const int g = context.gpu.profiles()[instance.profile].computeSlices;
            if (context.gpu.classicProfileWithComputeSlices(g) == instance.profile)
                offered.push_back(g);
        }
        std::erase_if(grid.computeSlices,
                      [&](int g) { return std::find(offered.begin(), offered.end(), g) == offered.end(); });

        InferencePlan plan;
        std::vector<std::vector<bool>> used;  // per GPU, per layout instance
        for (size_t c = 0; c < context.classes.size(); ++c) {
            const WorkloadClass& workload = context.classes[c];
            ClassDecision decision = configureClass(static_cast<uint32_t>(c), workload, context.performance, grid);
            if (decision.chosen < 0) {
                decision.why = fmt::format("no size of the layout {} meets the SLO: requests stay pending", text_);
                plan.decisions.push_back(std::move(decision));
                continue;
            }
            const ServingPoint& point = decision.candidates[decision.chosen].point;
            decision.replicas = replicasFor(workload.rateRps, point.throughputRps);
            const auto profile = context.gpu.classicProfileWithComputeSlices(point.computeSlices);
            for (int r = 0; r < decision.replicas; ++r)
                place(static_cast<uint32_t>(c), *profile, point, used, plan.instances);
            decision.why = fmt::format("best throughput per slice among the layout's sizes; {} replica{} on free "
                                       "{} instances",
                                       decision.replicas, decision.replicas == 1 ? "" : "s",
                                       context.gpu.profiles()[*profile].name);
            plan.decisions.push_back(std::move(decision));
        }
        // Every opened GPU carries the whole layout: the instances nobody serves from stay idle.
        for (size_t g = 0; g < used.size(); ++g)
            for (size_t i = 0; i < layout_.instances.size(); ++i)
                if (!used[g][i])
                    plan.instances.push_back({0, layout_.instances[i].profile, layout_.instances[i].start,
                                              static_cast<uint32_t>(g), {}, true});
        std::sort(plan.instances.begin(), plan.instances.end(), [](const PlannedInstance& a, const PlannedInstance& b) {
            return a.gpu != b.gpu ? a.gpu < b.gpu : a.start < b.start;
        });
        plan.gpuCount = static_cast<uint32_t>(used.size());
        return plan;
    }

private:
    void place(uint32_t classId, uint16_t profile, const ServingPoint& point, std::vector<std::vector<bool>>& used,
               std::vector<PlannedInstance>& instances) const
    {
        for (size_t g = 0;; ++g) {
            if (g == used.size())
                used.emplace_back(layout_.instances.size(), false);
            for (size_t i = 0; i < layout_.instances.size(); ++i) {
                if (used[g][i] || layout_.instances[i].profile != profile)
                    continue;
                used[g][i] = true;
                instances.push_back({classId, profile, layout_.instances[i].start, static_cast<uint32_t>(g), point, false});
                return;
            }
        }
    }

    MigLayout layout_;
    std::string text_;
};

const InferencePolicyRegistration registration("static", [](std::string_view argument, const MigGpuType& gpu) {
    if (argument.empty())
        throw std::invalid_argument("static needs a layout, e.g. static:3g.40gb@0+3g.40gb@4");
    return std::make_unique<StaticLayoutPolicy>(gpu, parseLayout(gpu, argument, '+'));
});

}  // namespace
}  // namespace tessera
