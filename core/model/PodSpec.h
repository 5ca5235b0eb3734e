#pragma once

#include "model/GpuModel.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tessera {

// Scheduling classes of fgd-pwr.md section 1.2; also the failed-pod breakdown.
enum class PodClass : uint8_t { CpuOnly, Share, Gpu1, Gpu2, Gpu4, Gpu8, GpuOther };
inline constexpr int kPodClassCount = 7;
const char* podClassName(PodClass c);

// A pod request as the pod list describes it.
struct PodSpec {
    std::string name;
    int32_t cpuMilli = 0;
    int64_t memoryMib = 0;
    int gpuCount = 0;       // k
    int32_t gpuMilli = 0;   // d, per GPU
    uint64_t gpuSpecMask = 0;  // allowed model ids; 0 = any model
    std::string gpuSpec;       // as written, for display
    std::optional<int64_t> creationTime;
    std::optional<int64_t> deletionTime;

    bool isCpuOnly() const { return gpuCount == 0; }
    bool isShare() const { return gpuCount == 1 && gpuMilli < kMilliPerGpu; }
    int64_t totalGpuMilli() const { return int64_t(gpuMilli) * gpuCount; }
    PodClass podClass() const;

    static constexpr int32_t kMilliPerGpu = 1000;
};

inline bool modelAllowed(uint64_t specMask, GpuModelId model)
{
    if (specMask == 0)
        return true;
    return model != kNoGpuModel && (specMask >> model) & 1u;
}

}  // namespace tessera
