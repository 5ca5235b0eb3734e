#pragma once

#include "model/NodeSpec.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace tessera {

enum class TieOrderKind { Seeded, Name };

std::string_view tieOrderName(TieOrderKind kind);

// The order in which nodes are visited; equal totals go to the node visited first.
// Seeded (the default): a permutation drawn once per run from the run's seed, which is what
// matched the reference curves (fgd-pwr.md section 2). Name: ascending node name.
std::vector<uint32_t> makeTieOrder(const std::vector<NodeSpec>& nodes, TieOrderKind kind, uint64_t seed);

}  // namespace tessera
