#include "frag/FragmentationModel.h"

namespace tessera {

int32_t FragmentationModel::taskFragment(const NodeSpec& spec, const NodeState& state, const TaskType& m)
{
    int32_t freeTotal = 0;
    for (int g = 0; g < spec.gpuCount; ++g)
        freeTotal += state.gpuLeft[size_t(g)];
    // CPU-only types (XL/XR), no GPUs or a model the type may not use (NA): all free GPU
    // counts as fragment, even where the task fits.
    if (m.gpuMilli == 0 || spec.gpuCount == 0 || !modelAllowed(m.specMask, spec.model))
        return freeTotal;
    int fitting = 0;
    int32_t belowDemand = 0;
    for (int g = 0; g < spec.gpuCount; ++g) {
        const int32_t r = state.gpuLeft[size_t(g)];
        if (r >= m.gpuMilli)
            ++fitting;
        else
            belowDemand += r;
    }
    const bool q3 = fitting >= m.gpuCount && state.cpuLeft >= m.cpuMilli;
    return q3 ? belowDemand : freeTotal;
}

int64_t FragmentationModel::nodeFragmentScaled(const NodeSpec& spec, const NodeState& state) const
{
    int64_t total = 0;
    for (const auto& m : workload_.types())
        total += int64_t(m.count) * taskFragment(spec, state, m);
    return total;
}

}  // namespace tessera
