// GPU-model files (TraceLoader::loadGpuModels), added to the built-in registry as --gpu-models
// does. An accepted file must leave a registry of at most 64 models with sane power figures,
// and is then simulated briefly on a node per model, so that hostile watts reach the power model.
#include "FuzzSupport.h"
#include "SmallTrace.h"

#include "io/TraceLoader.h"

#include <fmt/format.h>

using namespace tessera;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string path = fuzz::writeScratch("gpu-models.csv", data, size);
    fuzz::refusalsExpected([&] {
        Cluster cluster;
        LoadWarnings warnings;
        const GpuModelRegistry before = cluster.registry;
        TraceLoader::loadGpuModels(path, cluster.registry, warnings);
        const GpuModelRegistry& registry = cluster.registry;
        fuzz::require(registry.size() >= before.size() && registry.size() <= GpuModelRegistry::kMaxModels,
                      "the registry lost models or holds more than 64");
        for (GpuModelId id = 0; id < registry.size(); ++id) {
            fuzz::require(!registry.model(id).name.empty(), "a model with an empty name was accepted");
            fuzz::require(registry.find(registry.model(id).name) == id, "two models share a name");
            const int64_t idle = registry.idleWatts(id), full = registry.fullWatts(id);
            // Every model's own figures were checked (or are built in), and an alias borrows those of one model.
            fuzz::require(idle >= 0 && idle <= full, "negative watts, or full power below idle, were accepted");
            cluster.nodes.push_back({fmt::format("node-{}", id), 32000, 262144, 1 + id % kMaxGpusPerNode, id});
        }
        // The small pods name T4 and G2; both are built in and stay in the registry, maybe redefined.
        fuzz::simulateBriefly(cluster, fuzz::smallPods(fuzz::smallCluster(), true),
                              fuzz::replayParameters(PolicySpec::parse("pwr:500,fgd:500")));
    });
    return 0;
}
