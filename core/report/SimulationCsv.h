#pragma once

#include "sim/GridSampler.h"
#include "sim/PodSimulation.h"

#include <string>
#include <vector>

namespace tessera {

// The CSV formats of contracts.md section 3: fixed header, 4 decimals for percentages and
// kW, a dot as separator in any locale, the policy quoted when it holds a comma.
class SimulationCsv {
public:
    static std::string gridHeader();
    static std::string decisionsHeader();
    static std::string replayHeader();

    static std::string gridRows(const std::string& policy, uint64_t seed, const std::vector<GridPoint>& points);
    static std::string decisionRows(const std::string& policy, const SimulationResult& run,
                                    const std::vector<NodeSpec>& nodes);
    // One row per `stepSeconds` of simulated time from the first event's step, and one at the end.
    static std::string replayRows(const std::string& policy, const SimulationResult& run, int64_t stepSeconds);

    static std::string quoted(const std::string& field);
    static std::string gpuList(GpuMask gpus);
};

}  // namespace tessera
