#include "inference/PlanAssembly.h"

#include "mig/GpuPacker.h"
#include "mig/MigGpuType.h"
#include "mig/OptimalPacker.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace tessera {

std::vector<PlannedInstance> packDemands(const MigGpuType& gpu, const std::vector<InstanceDemand>& demands,
                                         Packing packing)
{
    std::vector<PlacedInstance> items;
    items.reserve(demands.size());
    for (size_t i = 0; i < demands.size(); ++i) {
        const auto profile = gpu.classicProfileWithComputeSlices(demands[i].point.computeSlices);
        if (!profile)
            throw std::logic_error(fmt::format("{} has no profile of {} compute slices", gpu.name(),
                                               demands[i].point.computeSlices));
        // The tag is the demand's index: demands are in class order, so tag order is class order.
        items.push_back({*profile, 0, static_cast<uint32_t>(i)});
    }
    const std::vector<PackedGpu> gpus = packing == Packing::Optimal ? packOptimally(gpu, std::move(items))
                                                                     : packFirstFitDecreasing(gpu, std::move(items));
    std::vector<PlannedInstance> instances;
    instances.reserve(demands.size());
    for (size_t g = 0; g < gpus.size(); ++g) {
        for (const PlacedInstance& placed : gpus[g].instances) {
            const InstanceDemand& demand = demands[placed.tag];
            instances.push_back({demand.classId, placed.profile, placed.start, static_cast<uint32_t>(g),
                                 demand.point, false});
        }
    }
    std::sort(instances.begin(), instances.end(), [](const PlannedInstance& a, const PlannedInstance& b) {
        return a.gpu != b.gpu ? a.gpu < b.gpu : a.start < b.start;
    });
    return instances;
}

InferencePlan planByClass(const PlanningContext& context, const ConfigurationGrid& grid, Packing packing,
                          bool exactSizes)
{
    InferencePlan plan;
    std::vector<InstanceDemand> demands;
    for (size_t c = 0; c < context.classes.size(); ++c) {
        const WorkloadClass& workload = context.classes[c];
        ClassDecision decision =
            configureClass(static_cast<uint32_t>(c), workload, context.performance, grid, exactSizes);
        if (decision.chosen >= 0) {
            const ServingPoint& point = decision.candidates[decision.chosen].point;
            decision.replicas = replicasFor(workload.rateRps, point.throughputRps);
            decision.why = fmt::format(
                "highest throughput per compute slice among the {} SLO-feasible points ({:.1f} req/s per slice); "
                "{} replica{} of {:.1f} req/s cover {:.1f} req/s",
                std::count_if(decision.candidates.begin(), decision.candidates.end(),
                              [](const PlanCandidate& p) { return p.feasible; }),
                point.throughputRps / point.computeSlices, decision.replicas, decision.replicas == 1 ? "" : "s",
                point.throughputRps, workload.rateRps);
            for (int r = 0; r < decision.replicas; ++r)
                demands.push_back({static_cast<uint32_t>(c), point});
        }
        plan.decisions.push_back(std::move(decision));
    }
    plan.instances = packDemands(context.gpu, demands, packing);
    plan.gpuCount = countGpus(plan.instances);
    return plan;
}

uint32_t countGpus(const std::vector<PlannedInstance>& instances)
{
    uint32_t count = 0;
    for (const PlannedInstance& instance : instances)
        count = std::max(count, instance.gpu + 1);
    return count;
}

}  // namespace tessera
