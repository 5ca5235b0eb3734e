#pragma once

// PAL's locality x variability order (training-boa-pal.md B3): for each slowdown level v of a
// class, placing a job within one node costs v, across nodes v x L; PAL tries the steps by
// ascending cost. Built once per class when the GPUs register.

#include <vector>

namespace tessera {

enum class Reach { Within, Across };

struct TraversalStep {
    double level;  // the slowest slowdown factor the step admits
    Reach reach;
    double cost;   // level x 1 within a node, level x L across nodes
};

// Every (level, Within) and (level, Across) step, by ascending cost; ties: the smaller level
// first, then Within before Across [inferred].
std::vector<TraversalStep> palTraversalOrder(const std::vector<double>& levels, double localityPenalty);

}  // namespace tessera
