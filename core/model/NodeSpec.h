#pragma once

#include "model/GpuModel.h"

#include <cstdint>
#include <string>

namespace tessera {

inline constexpr int kMaxGpusPerNode = 8;
inline constexpr int kMilli = 1000;

// A node as the node list describes it; never changes during a run.
struct NodeSpec {
    std::string name;
    int32_t cpuMilli = 0;
    int64_t memoryMib = 0;
    int gpuCount = 0;
    GpuModelId model = kNoGpuModel;
};

}  // namespace tessera
