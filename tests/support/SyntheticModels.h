#pragma once

// A synthetic cluster and pod list (support/SyntheticTrace.h) with the models derived from
// them, for tests that drive PodSimulation directly rather than through a Run.

#include "sim/PodSimulation.h"
#include "support/SyntheticTrace.h"

#include <cstdint>
#include <memory>

namespace tessera::test {

// The models point into the cluster, so the object stays where it was made.
struct SyntheticModels {
    SyntheticModels(int nodeCount, int podCount, uint64_t podSeed, bool withTimes)
        : cluster(syntheticCluster(nodeCount)), podList(syntheticPods(cluster, podCount, podSeed, withTimes)),
          models(cluster, podList.pods)
    {
    }
    SyntheticModels(const SyntheticModels&) = delete;
    SyntheticModels& operator=(const SyntheticModels&) = delete;

    std::unique_ptr<SimulationResult> simulate(const RunParameters& parameters) const
    {
        return PodSimulation(models, parameters).run(podList);
    }

    Cluster cluster;
    PodList podList;
    TraceModels models;
};

}  // namespace tessera::test
