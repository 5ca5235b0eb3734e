// Node lists (TraceLoader::loadNodes over CsvTable), strict and with --skip-bad-rows. An
// accepted list must hold only valid nodes, and is then simulated briefly in replay (a fixed
// handful of pods), as `tessera-cli simulate` and the app would right after loading it.
#include "FuzzSupport.h"
#include "SmallTrace.h"

#include "io/TraceLoader.h"

#include <unordered_set>

using namespace tessera;

namespace {

void checkNodes(const Cluster& cluster, const LoadOptions& options, const LoadWarnings& warnings)
{
    std::unordered_set<std::string> names;
    for (const NodeSpec& n : cluster.nodes) {
        fuzz::require(!n.name.empty() && names.insert(n.name).second, "an empty or repeated node name was accepted");
        fuzz::require(n.cpuMilli >= 0 && n.memoryMib >= 0, "a negative node resource was accepted");
        fuzz::require(n.gpuCount >= 0 && n.gpuCount <= kMaxGpusPerNode, "a GPU count out of range was accepted");
        fuzz::require(n.model == kNoGpuModel || (n.model >= 0 && n.model < cluster.registry.size()),
                      "a node names a model id outside the registry");
        fuzz::require(n.gpuCount == 0 || n.model != kNoGpuModel, "a node with GPUs and no model was accepted");
    }
    fuzz::require(options.skipBadRows || warnings.skippedRows == 0, "a strict load skipped rows");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string path = fuzz::writeScratch("nodes.csv", data, size);
    for (bool skip : {false, true}) {
        fuzz::refusalsExpected([&] {
            LoadOptions options;
            options.skipBadRows = skip;
            LoadWarnings warnings;
            Cluster cluster;
            cluster.nodes = TraceLoader::loadNodes(path, cluster.registry, options, warnings,
                                                   fuzz::checkedProgress());
            checkNodes(cluster, options, warnings);
            fuzz::simulateBriefly(cluster, fuzz::smallPods(fuzz::smallCluster(), true),
                                  fuzz::replayParameters(PolicySpec::parse("pwr:100,fgd:900")));
        });
    }
    return 0;
}
