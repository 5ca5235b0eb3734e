#pragma once

#include "sim/PodSimulation.h"

#include <string>
#include <vector>

namespace tessera {

// One run's headline figures.
struct RunSummary {
    std::string policy;
    uint64_t seed = 0;
    size_t decisions = 0;
    double allocAt100 = 0;   // experiment: the 100% grid point; replay: unused
    MetricValues end;        // experiment: the last grid point; replay: the final state
    int32_t failed = 0;
    int32_t pending = 0;
    double seconds = 0;

    static RunSummary of(const std::string& policy, const SimulationResult& run, double seconds);
};

// The summary table printed on stdout: one line per policy, means over its seeds.
class SummaryTable {
public:
    static std::string render(const std::vector<RunSummary>& runs, SimulationMode mode);
};

}  // namespace tessera
