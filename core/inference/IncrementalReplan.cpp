#include "inference/IncrementalReplan.h"

#include "mig/GpuPacker.h"
#include "mig/MigGpuType.h"
#include "mig/MigLayout.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace tessera {
namespace {

using Need = std::tuple<uint32_t, int, int, int>;  // class, compute slices, batch, procs

Need needOf(const PlannedInstance& p)
{
    return {p.classId, p.point.computeSlices, p.point.batch, p.point.procs};
}

}  // namespace

InferencePlan adaptPlan(const MigGpuType& gpu, const std::vector<PlannedInstance>& current, const InferencePlan& fresh)
{
    std::map<Need, std::vector<const PlannedInstance*>> missing;
    for (const PlannedInstance& p : fresh.instances)
        if (!p.idle)
            missing[needOf(p)].push_back(&p);

    InferencePlan plan;
    plan.decisions = fresh.decisions;
    std::map<uint32_t, MigLayout> layouts;  // physical GPU -> what stays on it
    for (const PlannedInstance& p : current) {
        if (p.idle)
            continue;
        auto it = missing.find(needOf(p));
        if (it == missing.end() || it->second.empty())
            continue;  // no longer needed: removed
        it->second.pop_back();
        plan.instances.push_back(p);
        layouts[p.gpu].instances.push_back({p.profile, p.start});
    }

    // What is still missing, in Step 5's order: size descending, then class.
    std::vector<const PlannedInstance*> toPlace;
    for (const auto& [need, instances] : missing)
        toPlace.insert(toPlace.end(), instances.begin(), instances.end());
    std::stable_sort(toPlace.begin(), toPlace.end(), [](const PlannedInstance* a, const PlannedInstance* b) {
        return a->point.computeSlices != b->point.computeSlices ? a->point.computeSlices > b->point.computeSlices
                                                                : a->classId < b->classId;
    });
    uint32_t nextId = 0;
    for (const PlannedInstance& p : current)
        nextId = std::max(nextId, p.gpu + 1);
    for (const PlannedInstance* need : toPlace) {
        bool placed = false;
        for (auto& [id, layout] : layouts) {
            for (int start : startPreference(gpu, need->profile)) {
                if (!canAdd(gpu, layout, need->profile, start))
                    continue;
                layout.instances.push_back({need->profile, static_cast<uint8_t>(start)});
                sortByStart(layout);
                PlannedInstance p = *need;
                p.gpu = id;
                p.start = static_cast<uint8_t>(start);
                plan.instances.push_back(p);
                placed = true;
                break;
            }
            if (placed)
                break;
        }
        if (!placed) {
            const uint32_t id = nextId++;
            const int start = startPreference(gpu, need->profile).front();
            layouts[id].instances.push_back({need->profile, static_cast<uint8_t>(start)});
            PlannedInstance p = *need;
            p.gpu = id;
            p.start = static_cast<uint8_t>(start);
            plan.instances.push_back(p);
        }
    }
    std::sort(plan.instances.begin(), plan.instances.end(), [](const PlannedInstance& a, const PlannedInstance& b) {
        return a.gpu != b.gpu ? a.gpu < b.gpu : a.start < b.start;
    });
    plan.gpuCount = static_cast<uint32_t>(layouts.size());
    return plan;
}

}  // namespace tessera
