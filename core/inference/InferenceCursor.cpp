#include "inference/InferenceCursor.h"

#include "inference/InferenceRun.h"
#include "mig/MigGpuType.h"
#include "mig/MigLayout.h"

#include <fmt/format.h>

#include <algorithm>

namespace tessera {
namespace {

uint32_t instanceMask(const MigGpuType& gpu, const PlannedInstance& instance)
{
    MigLayout one;
    one.instances.push_back({instance.profile, instance.start});
    return computeSliceMask(gpu, one);
}

}  // namespace

InferenceCursor::InferenceCursor(const InferenceRun& run) : run_(run) {}

void InferenceCursor::seek(size_t position) { position_ = std::min(position, run_.steps()); }

const PlanEpoch& InferenceCursor::epoch() const { return run_.epochAt(position_); }

int InferenceCursor::instanceAt(uint32_t gpu, int slice) const
{
    const auto& instances = epoch().instances;
    for (size_t i = 0; i < instances.size(); ++i)
        if (instances[i].gpu == gpu && (instanceMask(run_.gpu(), instances[i]) >> slice & 1u))
            return static_cast<int>(i);
    return -1;
}

void InferenceCursor::cellUse(std::vector<float>& use) const
{
    const uint32_t slices = static_cast<uint32_t>(run_.gpu().computeSlices());
    use.assign(run_.layout().cellCount, 0.0f);
    for (const PlannedInstance& instance : epoch().instances) {
        const uint32_t mask = instanceMask(run_.gpu(), instance);
        for (uint32_t s = 0; s < slices; ++s)
            if (mask >> s & 1u)
                use[instance.gpu * slices + s] = instance.idle ? 0.5f : 1.0f;
    }
}

std::string InferenceCursor::describeInstance(size_t index) const
{
    const PlanEpoch& plan = epoch();
    const PlannedInstance& instance = plan.instances[index];
    const std::string where = instanceText(run_.gpu(), {instance.profile, instance.start});
    if (instance.idle)
        return fmt::format("{} idle (no class uses it)", where);
    const WorkloadClass& c = plan.classes[instance.classId];
    const std::string bucket = plan.classes.size() > 1 && c.bucket > 0 ? fmt::format(" (bucket {})", c.bucket + 1)
                                                                         : std::string();
    return fmt::format("{} serving {}{}: batch {}, {} process{}, {:.1f} ms per batch, {:.0f} req/s",
                       where, run_.result().services[c.service], bucket, instance.point.batch, instance.point.procs,
                       instance.point.procs == 1 ? "" : "es", instance.point.latencyMs, instance.point.throughputRps);
}

std::string InferenceCursor::describeCell(uint32_t cell) const
{
    const uint32_t slices = static_cast<uint32_t>(run_.gpu().computeSlices());
    const uint32_t gpu = cell / slices;
    const int slice = static_cast<int>(cell % slices);
    const int instance = instanceAt(gpu, slice);
    const std::string head = fmt::format("GPU {}, compute slice {}", gpu, slice);
    return instance < 0 ? head + ": free" : head + ": " + describeInstance(static_cast<size_t>(instance));
}

std::string InferenceCursor::describeGroup(uint32_t group) const
{
    const PlanEpoch& plan = epoch();
    MigLayout layout;
    std::vector<size_t> onGpu;
    for (size_t i = 0; i < plan.instances.size(); ++i)
        if (plan.instances[i].gpu == group) {
            onGpu.push_back(i);
            layout.instances.push_back({plan.instances[i].profile, plan.instances[i].start});
        }
    std::string text = fmt::format("GPU {} ({}), plan of {:g} s by {}\n", group, run_.gpu().name(), plan.fromS,
                                   plan.policy);
    if (onGpu.empty())
        return text + "no instance: the GPU is not used";
    sortByStart(layout);
    text += fmt::format("layout {}: {} of {} compute slices used, {} stranded\n", layoutText(run_.gpu(), layout),
                        computeSlicesUsed(run_.gpu(), layout), run_.gpu().computeSlices(),
                        strandedComputeSlices(run_.gpu(), layout));
    for (size_t i : onGpu)
        text += describeInstance(i) + "\n";
    for (const GpuChange& change : plan.changes)
        if (change.gpu == group)
            text += fmt::format("reconfigured at {:g} s: {} created, {} destroyed, {} kept, drained {:g} s\n",
                                plan.fromS, change.created, change.destroyed, change.kept, change.delayS);
    text.pop_back();
    return text;
}

void InferenceCursor::groupValues(std::vector<float>& values) const
{
    values.assign(run_.layout().groups.size(), 0.0f);
    for (const PlannedInstance& instance : epoch().instances)
        if (!instance.idle && instance.gpu < values.size())
            values[instance.gpu] += static_cast<float>(run_.gpu().profiles()[instance.profile].computeSlices);
}

}  // namespace tessera
