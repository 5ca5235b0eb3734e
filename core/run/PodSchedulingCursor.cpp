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
    // The pods on this GPU now: placed on it and not departed before the cursor.
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
    for (uint32_t p : pods) {
        const PodSpec& pod = r.sequence[p];
        text += fmt::format("\n{}: {} milli GPU, {} vCPU", pod.name, pod.gpuMilli, pod.cpuMilli / 1000.0);
    }
    return text;
}

void PodSchedulingCursor::groupValues(std::vector<float>& values) const
{
    const double perGpu = 1.0 / (double(state_.fragmentation().scale()) * kMilli);
    values.resize(run_.groupNodes().size());
    for (size_t g = 0; g < values.size(); ++g)
        values[g] = float(double(state_.summary(run_.groupNodes()[g]).fragmentScaled) * perGpu);
}

}  // namespace tessera
