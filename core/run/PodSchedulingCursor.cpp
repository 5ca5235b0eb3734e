#include "run/PodSchedulingCursor.h"

#include <algorithm>

#include <fmt/format.h>

namespace tessera {

PodSchedulingCursor::PodSchedulingCursor(const PodSchedulingRun& run)
    : run_(run), state_(run.trace().cluster, run.trace().models->fragmentation, run.trace().models->power)
{
}

void PodSchedulingCursor::seek(size_t position)
{
    position = std::min(position, run_.steps());
    run_.result().timeline.seek(state_, position_, position);
    position_ = position;
}

void PodSchedulingCursor::cellUse(std::vector<float>& use) const
{
    const OccupancyLayout& layout = run_.layout();
    use.assign(layout.cellCount, 0.0f);
    for (size_t g = 0; g < layout.groups.size(); ++g) {
        const NodeState& s = state_.state(run_.groupNodes()[g]);
        for (uint32_t c = 0; c < layout.groups[g].cellCount; ++c)
            use[layout.groups[g].firstCell + c] = float(kMilli - s.gpuLeft[c]) / float(kMilli);
    }
}

std::string PodSchedulingCursor::describeCell(uint32_t cell) const
{
    const OccupancyLayout& layout = run_.layout();
    auto group = std::upper_bound(layout.groups.begin(), layout.groups.end(), cell,
                                  [](uint32_t c, const OccupancyLayout::Group& g) { return c < g.firstCell; });
    if (group == layout.groups.begin())
        return {};
    --group;
    const size_t g = size_t(group - layout.groups.begin());
    const uint32_t node = run_.groupNodes()[g];
    const int gpu = int(cell - group->firstCell);
    const NodeState& s = state_.state(node);
    const NodeSpec& spec = state_.spec(node);
    std::string text = fmt::format("{} · {} GPU {} · {} milli used · node CPU {}/{} vCPU free", spec.name,
                                   layout.categories[group->category], gpu, kMilli - s.gpuLeft[size_t(gpu)],
                                   s.cpuLeft / 1000.0, spec.cpuMilli / 1000.0);
    for (uint32_t p : podsOn(node, gpu))
        text += "\n" + describePod(run_.result().sequence[p]);
    return text;
}

std::string PodSchedulingCursor::describeGroup(uint32_t g) const
{
    const OccupancyLayout& layout = run_.layout();
    if (g >= layout.groups.size())
        return {};
    const OccupancyLayout::Group& group = layout.groups[g];
    const uint32_t node = run_.groupNodes()[g];
    const NodeState& s = state_.state(node);
    const NodeSpec& spec = state_.spec(node);
    // The node's name, model and CPU once; each GPU line only what differs between GPUs.
    std::string text = fmt::format("{} · {} · {} GPU{}\nnode CPU {}/{} vCPU free\n", spec.name,
                                   layout.categories[group.category], group.cellCount, group.cellCount == 1 ? "" : "s",
                                   s.cpuLeft / 1000.0, spec.cpuMilli / 1000.0);
    std::vector<uint32_t> pods;  // each once, though a multi-GPU pod is on several GPUs
    for (uint32_t gpu = 0; gpu < group.cellCount; ++gpu) {
        text += fmt::format("\nGPU {} · {} milli used", gpu, kMilli - s.gpuLeft[gpu]);
        for (uint32_t p : podsOn(node, int(gpu)))
            if (std::find(pods.begin(), pods.end(), p) == pods.end())
                pods.push_back(p);
    }
    text += pods.empty() ? "\n\nNo pods on its GPUs." : "\n\nPods on its GPUs:";
    for (uint32_t p : pods)
        text += "\n" + describePod(run_.result().sequence[p]);
    return text;
}

std::vector<uint32_t> PodSchedulingCursor::podsOn(uint32_t node, int gpu) const
{
    const SimulationResult& r = run_.result();
    std::vector<uint32_t> pods;
    for (size_t i = 0; i < position_; ++i) {
        const Step& step = r.timeline.step(i);
        if (step.placement.node != int32_t(node) || !(step.placement.gpus >> gpu & 1))
            continue;
        if (step.kind == StepKind::Departure)
            pods.erase(std::remove(pods.begin(), pods.end(), step.pod), pods.end());
        else
            pods.push_back(step.pod);
    }
    return pods;
}

std::string PodSchedulingCursor::describePod(const PodSpec& pod)
{
    return fmt::format("{}: {} milli GPU, {} vCPU", pod.name, pod.gpuMilli, pod.cpuMilli / 1000.0);
}

void PodSchedulingCursor::groupValues(std::vector<float>& values) const
{
    const double perGpu = 1.0 / (double(state_.fragmentation().scale()) * kMilli);
    values.resize(run_.groupNodes().size());
    for (size_t g = 0; g < values.size(); ++g)
        values[g] = float(double(state_.summary(run_.groupNodes()[g]).fragmentScaled) * perGpu);
}

}  // namespace tessera
