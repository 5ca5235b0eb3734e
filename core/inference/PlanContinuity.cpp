#include "inference/PlanContinuity.h"

#include "mig/Reconfiguration.h"

#include <algorithm>
#include <map>
#include <optional>

namespace tessera {
namespace {

using GpuInstances = std::vector<PlacedInstance>;

std::map<uint32_t, GpuInstances> byGpu(const std::vector<PlannedInstance>& instances)
{
    std::map<uint32_t, GpuInstances> gpus;
    for (const PlannedInstance& p : instances)
        gpus[p.gpu].push_back({p.profile, p.start, p.idle ? UINT32_MAX : p.classId});
    return gpus;
}

int common(const GpuInstances& a, const GpuInstances& b)
{
    int count = 0;
    for (const PlacedInstance& x : a)
        for (const PlacedInstance& y : b)
            if (x.profile == y.profile && x.start == y.start && x.tag == y.tag)
                ++count;
    return count;
}

}  // namespace

PlanTransition transitionTo(const std::vector<PlannedInstance>& current, const InferencePlan& next,
                            double secondsPerInstance, bool nextIsPhysical)
{
    const std::map<uint32_t, GpuInstances> before = byGpu(current);
    const std::map<uint32_t, GpuInstances> planned = byGpu(next.instances);
    std::map<uint32_t, bool> taken;
    for (const auto& [id, instances] : before)
        taken[id] = false;
    uint32_t nextFreshId = before.empty() ? 0 : before.rbegin()->first + 1;

    std::map<uint32_t, uint32_t> physicalOf;  // planned GPU -> physical GPU
    for (const auto& [plannedGpu, instances] : planned) {
        if (nextIsPhysical) {
            physicalOf[plannedGpu] = plannedGpu;
            continue;
        }
        int bestCommon = 0;
        std::optional<uint32_t> best;
        for (const auto& [id, old] : before) {
            if (taken[id])
                continue;
            const int shared = common(old, instances);
            if (shared > bestCommon) {
                bestCommon = shared;
                best = id;
            }
        }
        if (!best)
            for (const auto& [id, old] : before)
                if (!taken[id]) {
                    best = id;
                    break;
                }
        const uint32_t id = best ? *best : nextFreshId++;
        taken[id] = true;
        physicalOf[plannedGpu] = id;
    }

    PlanTransition transition;
    transition.instances = next.instances;
    for (PlannedInstance& p : transition.instances)
        p.gpu = physicalOf[p.gpu];
    std::sort(transition.instances.begin(), transition.instances.end(),
              [](const PlannedInstance& a, const PlannedInstance& b) {
                  return a.gpu != b.gpu ? a.gpu < b.gpu : a.start < b.start;
              });

    const std::map<uint32_t, GpuInstances> after = byGpu(transition.instances);
    std::map<uint32_t, bool> seen;
    auto account = [&](uint32_t id) {
        if (seen[id])
            return;
        seen[id] = true;
        static const GpuInstances none;
        const auto b = before.find(id);
        const auto a = after.find(id);
        const ReconfigurationCost cost = reconfigurationCost(b == before.end() ? none : b->second,
                                                             a == after.end() ? none : a->second, secondsPerInstance);
        if (cost.created + cost.destroyed > 0)
            transition.changes.push_back({id, cost.created, cost.destroyed, cost.kept, cost.delaySeconds});
    };
    for (const auto& [id, instances] : before)
        account(id);
    for (const auto& [id, instances] : after)
        account(id);
    std::sort(transition.changes.begin(), transition.changes.end(),
              [](const GpuChange& x, const GpuChange& y) { return x.gpu < y.gpu; });
    return transition;
}

}  // namespace tessera
