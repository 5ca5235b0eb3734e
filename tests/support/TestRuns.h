#pragma once

// Synthetic traces in memory and pod-scheduling runs simulated on them, for tests that need a
// whole Run without ../shared. (Runs of the bundled default trace: views/DefaultTraceRun.h.)

#include "run/PodSchedulingRun.h"
#include "support/SyntheticTrace.h"

#include <cstdint>
#include <memory>
#include <string>

namespace tessera::test {

// `nodeCount` synthetic nodes (syntheticCluster's default seed) and `podCount` pods drawn
// from `podSeed`, as a trace made in memory (no files).
inline std::shared_ptr<const PodTrace> syntheticTrace(int nodeCount, int podCount, uint64_t podSeed,
                                                      bool withTimes = false)
{
    Cluster cluster = syntheticCluster(nodeCount);
    PodList pods = syntheticPods(cluster, podCount, podSeed, withTimes);
    return PodTrace::make(std::move(cluster), std::move(pods));
}

// An experiment-mode run of `policy` (a PolicySpec) on `trace`; tune and seed default as in
// RunParameters.
inline std::unique_ptr<PodSchedulingRun> simulateRun(std::shared_ptr<const PodTrace> trace, const std::string& policy,
                                                     double tune = RunParameters().tune,
                                                     uint64_t seed = RunParameters().seed)
{
    RunParameters p;
    p.policy = PolicySpec::parse(policy);
    p.tune = tune;
    p.seed = seed;
    return PodSchedulingRun::simulate(std::move(trace), p);
}

}  // namespace tessera::test
