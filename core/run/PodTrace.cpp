#include "run/PodTrace.h"

namespace tessera {

std::shared_ptr<const PodTrace> PodTrace::load(const std::string& nodesPath, const std::string& podsPath,
                                               const std::string& gpuModelsPath, const LoadOptions& options,
                                               LoadWarnings& warnings)
{
    Cluster cluster = TraceLoader::loadCluster(nodesPath, gpuModelsPath, options, warnings);
    PodList pods = TraceLoader::loadPods(podsPath, cluster.registry, options, warnings);
    return make(std::move(cluster), std::move(pods), nodesPath, podsPath);
}

std::shared_ptr<const PodTrace> PodTrace::make(Cluster cluster, PodList pods, std::string nodesPath,
                                               std::string podsPath)
{
    auto trace = std::make_shared<PodTrace>();
    trace->nodesPath = std::move(nodesPath);
    trace->podsPath = std::move(podsPath);
    trace->cluster = std::move(cluster);
    trace->pods = std::move(pods);
    // The models keep a reference to the cluster: build them once it has its final address.
    trace->models = std::make_unique<TraceModels>(trace->cluster, trace->pods.pods);
    return trace;
}

}  // namespace tessera
