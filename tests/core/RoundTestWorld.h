#pragma once

// Small hand-made worlds for the round scheduler's tests (tst_trainingrounds,
// tst_trainingroundfork): jobs, parameters, lookups in the records, and a mixed workload on a
// 4 x 4 cluster with two binned levels per class and one slow outlier.

#include "training/rounds/RoundSimulation.h"

#include <stdexcept>
#include <vector>

namespace tessera::rounds::test {

inline RoundJob makeJob(uint32_t id, double submitS, uint32_t width, double iterations, uint32_t classIndex = 0,
                        double iterationS = 1.0)
{
    return RoundJob{id, submitS, width, classIndex, iterationS, iterations};
}

inline RoundParameters params(RoundPlacement placement, RoundScheduler scheduler = RoundScheduler::Fifo,
                              double roundS = 100, double locality = 1.7, uint64_t seed = 42)
{
    return RoundParameters{roundS, locality, scheduler, placement, seed};
}

inline const JobRecord& recordOf(const RoundRunResult& result, uint32_t id)
{
    for (const auto& job : result.jobs)
        if (job.id == id)
            return job;
    throw std::out_of_range("no such job");
}

inline const JobDecision& decisionOf(const RoundDecision& decision, uint32_t id)
{
    for (const auto& job : decision.jobs)
        if (job.jobId == id)
            return job;
    throw std::out_of_range("no such job in the decision");
}

// Every GPU of the cluster, ascending: all free.
inline GpuList allGpus(const RoundCluster& cluster)
{
    GpuList gpus;
    for (uint32_t g = 0; g < cluster.gpuCount(); ++g)
        gpus.push_back(g);
    return gpus;
}

// The GPU set a job held during `round`, from its placement spans (empty if none).
inline GpuList heldAt(const JobRecord& job, uint32_t round)
{
    for (const auto& span : job.placements)
        if (span.fromRound <= round && round < span.toRound)
            return span.gpus;
    return {};
}

// A workload of 40 jobs of every width and class, arriving over a few hours, on a 4 x 4 cluster
// with two binned levels per class and one slow outlier.
inline std::vector<RoundJob> mixedJobs()
{
    std::vector<RoundJob> jobs;
    const uint32_t widths[] = {1, 2, 4, 1, 8, 3, 1, 2};
    for (uint32_t i = 0; i < 40; ++i)
        jobs.push_back(makeJob(100 + i, i * 217.5, widths[i % 8], 200.0 + (i * 7919 % 23) * 150.0, i % 4,
                               0.5 + (i % 3) * 0.25));
    return jobs;
}

inline RoundCluster variedCluster()
{
    RoundCluster cluster = RoundCluster::uniform(4, 4);
    for (uint32_t c = 0; c < kRoundClasses; ++c)
        for (uint32_t g = 0; g < 16; ++g) {
            const bool slow = (g * 5 + c * 3) % 7 < 3;
            cluster.binnedSf[c][g] = slow ? 1.02 : 0.97;
            cluster.perfVar[c][g] = (slow ? 1.03 : 0.96) + 0.001 * g;
        }
    cluster.binnedSf[0][9] = 2.5;
    cluster.perfVar[0][9] = 2.8;
    return cluster;
}

inline constexpr RoundPlacement kAllPlacements[] = {RoundPlacement::Pal,    RoundPlacement::PmFirst,
                                         RoundPlacement::Packed, RoundPlacement::PackedSticky,
                                         RoundPlacement::Random, RoundPlacement::RandomSticky};

}  // namespace tessera::rounds::test
