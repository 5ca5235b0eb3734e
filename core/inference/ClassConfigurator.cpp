#include "inference/ClassConfigurator.h"

#include "inference/PerformanceModel.h"
#include "mig/MigGpuType.h"

#include <fmt/format.h>

#include <cmath>

namespace tessera {

ConfigurationGrid profiledGrid(const MigGpuType& gpu, int maxProcs)
{
    ConfigurationGrid grid;
    for (int g : {1, 2, 3, 4, 7})
        if (gpu.classicProfileWithComputeSlices(g))
            grid.computeSlices.push_back(g);
    for (int b = 1; b <= 256; b *= 2)
        grid.batches.push_back(b);
    grid.maxProcs = maxProcs;
    return grid;
}

bool meetsLatencyRule(double latencyMs, double safetyFactor, double sloMs)
{
    return safetyFactor * latencyMs < 0.9 * sloMs / 2;
}

ClassDecision configureClass(uint32_t classId, const WorkloadClass& workload,
                             const PerformanceModel& performance, const ConfigurationGrid& grid,
                             bool exactSize)
{
    ClassDecision decision;
    decision.classId = classId;
    const double size = exactSize ? workload.meanSizeFactor : workload.sizeFactor;
    const double safety = performance.safetyFactor();
    double bestPerSlice = 0;
    for (int g : grid.computeSlices) {
        for (int b : grid.batches) {
            for (int p = 1; p <= grid.maxProcs; ++p) {
                const PerfEstimate estimate =
                    performance.estimate(workload.model, g, b, p, size, workload.sizeExponent);
                PlanCandidate candidate;
                // The planner assumes safety x the predicted latency, so also the throughput that
                // latency gives: replicas sized on an optimistic prediction would overload for good.
                candidate.point = {g, b, p, estimate.latencyMs, estimate.throughputRps / safety};
                if (!estimate.feasible) {
                    candidate.reason = "out of memory";
                } else if (!meetsLatencyRule(estimate.latencyMs, safety, workload.sloMs)) {
                    candidate.reason = safety == 1
                        ? fmt::format("latency {:.1f} ms >= 0.45 x SLO = {:.1f} ms", estimate.latencyMs,
                                      0.45 * workload.sloMs)
                        : fmt::format("{:g} x latency {:.1f} ms >= 0.45 x SLO = {:.1f} ms", safety,
                                      estimate.latencyMs, 0.45 * workload.sloMs);
                } else {
                    candidate.feasible = true;
                    const double perSlice = estimate.throughputRps / g;
                    if (perSlice > bestPerSlice) {
                        bestPerSlice = perSlice;
                        decision.chosen = static_cast<int>(decision.candidates.size());
                    }
                }
                decision.candidates.push_back(std::move(candidate));
            }
        }
    }
    if (decision.chosen < 0)
        decision.why = "no point meets the SLO: the class is not served";
    return decision;
}

std::vector<int> bestCandidatePerSize(const ClassDecision& decision, const ConfigurationGrid& grid)
{
    std::vector<int> best(grid.computeSlices.size(), -1);
    for (size_t i = 0; i < decision.candidates.size(); ++i) {
        const PlanCandidate& c = decision.candidates[i];
        if (!c.feasible)
            continue;
        for (size_t s = 0; s < grid.computeSlices.size(); ++s) {
            if (grid.computeSlices[s] != c.point.computeSlices)
                continue;
            const int current = best[s];
            if (current < 0 || c.point.throughputRps >
                                   decision.candidates[current].point.throughputRps)
                best[s] = static_cast<int>(i);
        }
    }
    return best;
}

int replicasFor(double rateRps, double throughputRps)
{
    if (rateRps <= 0 || throughputRps <= 0)
        return 0;
    return static_cast<int>(std::ceil(rateRps / throughputRps));
}

}  // namespace tessera
