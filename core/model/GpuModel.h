#pragma once

#include <cstdint>
#include <string>

namespace tessera {

// One GPU model the cluster may hold. Aliases (G2, G3) are models of their own for
// placement constraints, which compare names literally, but borrow another model's
// power figures: the trace hides which hardware they are.
struct GpuModel {
    std::string name;
    int64_t idleWatts = 0;
    int64_t fullWatts = 0;
    std::string powerOf;  // empty, or the registry model whose watts this one uses
};

using GpuModelId = int;
inline constexpr GpuModelId kNoGpuModel = -1;

}  // namespace tessera
