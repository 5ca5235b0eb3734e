#pragma once

#include <cstdint>
#include <string>

namespace tessera {

// Amounts as people read them, in one unit per resource wherever a pod's request and a node's
// free capacity are shown side by side: CPU in vCPU ("11.3 vCPU", from milli-CPU), memory in
// GiB ("48 GiB", from MiB, at most two decimals). GPU shares stay in milli GPU, the unit the
// traces and the occupancy view use.
std::string vcpuText(int64_t milliCpu);
std::string gibText(int64_t mib);
// A pod's GPU request: "1 × 1000 milli GPU", or "no GPU" for a CPU-only pod.
std::string gpuRequestText(int64_t gpuCount, int64_t gpuMilli);

}  // namespace tessera
