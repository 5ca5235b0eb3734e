#include "model/SpecLimits.h"

#include <fmt/format.h>

namespace tessera {

std::optional<SpecProblem> podRequestProblem(const PodSpec& pod)
{
    if (pod.gpuCount > 1 && pod.gpuMilli < kMilli)
        return SpecProblem{"gpu_milli", fmt::format("a shared GPU share with num_gpu {} > 1", pod.gpuCount)};
    if (pod.gpuCount == 0 && pod.gpuMilli > 0)
        return SpecProblem{"gpu_milli", "a GPU share on a pod with num_gpu 0"};
    if (pod.gpuCount > 0 && pod.gpuMilli == 0)
        return SpecProblem{"gpu_milli", "a GPU pod with a zero GPU share"};
    return std::nullopt;
}

std::optional<SpecProblem> nodeModelProblem(int gpuCount, bool hasModel)
{
    if (gpuCount > 0 && !hasModel)
        return SpecProblem{"model", "node with GPUs has no GPU model"};
    return std::nullopt;
}

}  // namespace tessera
