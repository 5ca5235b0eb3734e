#pragma once

#include "io/TraceLoader.h"
#include "sim/PodSimulation.h"

#include <memory>
#include <string>

namespace tessera {

// A loaded node list and pod list with the models derived from them (target workload,
// fragmentation, power). Shared, immutable, by every run on this trace.
struct PodTrace {
    std::string nodesPath;
    std::string podsPath;
    Cluster cluster;
    PodList pods;
    std::unique_ptr<TraceModels> models;

    // Throws InputError; `warnings` collects what the load noticed but accepted.
    static std::shared_ptr<const PodTrace> load(const std::string& nodesPath, const std::string& podsPath,
                                                const std::string& gpuModelsPath, const LoadOptions& options,
                                                LoadWarnings& warnings);
    static std::shared_ptr<const PodTrace> make(Cluster cluster, PodList pods, std::string nodesPath = {},
                                                std::string podsPath = {});
};

}  // namespace tessera
