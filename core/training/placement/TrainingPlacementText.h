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

// "node 3": a node's name in the occupancy layout, which the inspector's rows select by.
std::string nodeName(uint32_t node);

// The node of `gpus`' first GPU by name, or empty for an empty set.
std::string firstNodeName(const rounds::RoundCluster& cluster, const rounds::GpuList& gpus);

}  // namespace tessera
