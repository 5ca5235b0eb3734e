#pragma once

#include "training/rounds/RoundCluster.h"

#include <cstdint>
#include <string>

namespace tessera {

// "class A" .. "class D".
std::string classLabel(uint32_t classIndex);

// "GPU 5", "GPUs 4-7", "GPUs 3, 9, 12-15": consecutive ids as a range, so that a 24-GPU set
// spread over nodes ("GPUs 4-7, 12-15, 20-35") still fits the inspector's column; "no GPUs" for
// an empty set.
std::string gpusText(rounds::GpuList gpus);

}  // namespace tessera
