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

bool InferenceCursor::draining(uint32_t gpu) const
{
    const PlanEpoch& plan = epoch();
    const double t = run_.timeAt(position_);
    for (const GpuChange& change : plan.changes)
        if (change.gpu == gpu && t < plan.fromS + change.delayS)
            return true;
    return false;
}

void InferenceCursor::cellLayer(size_t layer, std::vector<float>& values) const
{
    if (layer != InferenceRun::kProfileLayer && layer != InferenceRun::kModelLayer) {
        RunCursor::cellLayer(layer, values);
        return;
    }
    const uint32_t slices = static_cast<uint32_t>(run_.gpu().computeSlices());
    values.assign(run_.layout().cellCount, -1.0f);
    const PlanEpoch& plan = epoch();
    for (const PlannedInstance& instance : plan.instances) {
        if (layer == InferenceRun::kModelLayer && instance.idle)
            continue;
        const float category = layer == InferenceRun::kProfileLayer
            ? float(run_.profileCategory(instance.profile))
            : float(plan.classes[instance.classId].service);
        const uint32_t mask = instanceMask(run_.gpu(), instance);
        for (uint32_t s = 0; s < slices; ++s)
            if (mask >> s & 1u)
                values[instance.gpu * slices + s] = category;
    }
}

void InferenceCursor::spans(uint32_t group, std::vector<OccupancySpan>& out) const
{
    out.clear();
    const MigGpuType& gpu = run_.gpu();
    const uint32_t slices = static_cast<uint32_t>(gpu.computeSlices());
    const PlanEpoch& plan = epoch();
    const bool drained = draining(group);
    MigLayout layout;
    for (const PlannedInstance& instance : plan.instances) {
        if (instance.gpu != group)
            continue;
        layout.instances.push_back({instance.profile, instance.start});
        const MigProfile& profile = gpu.profiles()[instance.profile];
        const uint32_t mask = instanceMask(gpu, instance);
        uint32_t first = 0;
        while (first < slices && !(mask >> first & 1u))
            ++first;
        const int32_t model = instance.idle ? -1 : int32_t(plan.classes[instance.classId].service);
        const std::vector<int32_t> categories{-1, run_.profileCategory(instance.profile), model};
        const uint32_t flags = drained ? OccupancySpan::Draining : 0u;
        const std::string label = instance.idle ? profile.name + " idle"
                                                : profile.name + " " + run_.result().services[uint32_t(model)];
        const int32_t cell = int32_t(group * slices + first);
        out.push_back({0, first, first + uint32_t(profile.computeSlices), categories, label, flags, cell});
        out.push_back({1, instance.start, uint32_t(instance.start + profile.memorySlices), categories, label, flags,
                       cell});
    }
    // A free compute slice that no profile can still take is stranded (3g@0 + 3g@4 leaves one).
    const uint32_t used = computeSliceMask(gpu, layout);
    for (uint32_t s = 0; s < slices; ++s) {
        if (used >> s & 1u)
            continue;
        bool usable = false;
        for (uint16_t p = 0; p < gpu.profiles().size() && !usable; ++p)
            for (int start : gpu.profiles()[p].starts) {
                MigLayout one;
                one.instances.push_back({p, uint8_t(start)});
                if ((computeSliceMask(gpu, one) >> s & 1u) && canAdd(gpu, layout, p, start)) {
                    usable = true;
                    break;
                }
            }
        if (!usable && !layout.instances.empty())
            out.push_back({0, s, s + 1, {}, "stranded", OccupancySpan::Stranded, int32_t(group * slices + s)});
    }
}

void InferenceCursor::groupValues(std::vector<float>& values) const
{
    values.assign(run_.layout().groups.size(), 0.0f);
    for (const PlannedInstance& instance : epoch().instances)
        if (!instance.idle && instance.gpu < values.size())
            values[instance.gpu] += static_cast<float>(run_.gpu().profiles()[instance.profile].computeSlices);
}

}  // namespace tessera
