#pragma once

#include "sim/GridSampler.h"
#include "sim/PodSimulation.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
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
    // Large outputs go to a sink in chunks of some 64 kB, so a caller can stream them.
    using Sink = std::function<void(std::string_view)>;

    static void decisionRows(const std::string& policy, const SimulationResult& run, const std::vector<NodeSpec>& nodes,
                             const Sink& sink);
    static std::string decisionRows(const std::string& policy, const SimulationResult& run,
                                    const std::vector<NodeSpec>& nodes);
    // One row per `stepSeconds` of simulated time from the first event's step, and one at the end.
    static void replayRows(const std::string& policy, const SimulationResult& run, int64_t stepSeconds,
                           const Sink& sink);
    static std::string replayRows(const std::string& policy, const SimulationResult& run, int64_t stepSeconds);
    // The number of replay rows between events at `first` and `last` (seconds, first <= last),
    // without overflow for any times.
    static uint64_t replayRowCount(int64_t first, int64_t last, int64_t stepSeconds);
    // Replay rows per run beyond this are refused before simulating: some 10 GB of CSV.
    static constexpr uint64_t kMaxReplayRows = 100'000'000;

    static std::string quoted(const std::string& field);
    static std::string gpuList(GpuMask gpus);
};

}  // namespace tessera
