#pragma once

#include "sim/PodSimulation.h"

#include <vector>

namespace tessera {

struct GridPoint {
    int arrivedPct = 0;
    MetricValues values;  // means over the decisions at this point
    int32_t failedPods = 0;
};

// The reference's discretisation of an experiment run onto integer arrived-% points
// (contracts.md 3.1): decision i belongs to a_i = round-half-to-even(arrived %_i); a point
// takes the mean over its decisions, else over its neighbours', else the last state before.
class GridSampler {
public:
    // Points 0, step, 2*step, ... up to maxPct.
    static std::vector<GridPoint> sample(const SimulationResult& run, int step, int maxPct);
};

}  // namespace tessera
