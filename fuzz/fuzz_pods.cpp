// Pod lists (TraceLoader::loadPods over CsvTable), strict and with --skip-bad-rows. An
// accepted list must hold only valid pods, and is then simulated briefly on a fixed small
// cluster: in replay when it has times, else in the experiment (which inflates it with clones
// up to 1.3 x the cluster's few GPUs).
#include "FuzzSupport.h"
#include "SmallTrace.h"

#include "io/TraceLoader.h"

#include <unordered_set>

using namespace tessera;

namespace {

// At most this many pods are simulated: the loader is the target, the simulation a check.
constexpr size_t kMaxSimulatedPods = 256;

void checkPods(const Cluster& cluster, const PodList& list, const LoadOptions& options, const LoadWarnings& warnings)
{
    std::unordered_set<std::string> names;
    const uint64_t known = cluster.registry.size() >= 64 ? ~uint64_t(0) : (uint64_t(1) << cluster.registry.size()) - 1;
    for (const PodSpec& p : list.pods) {
        fuzz::require(!p.name.empty() && names.insert(p.name).second, "an empty or repeated pod name was accepted");
        fuzz::require(p.cpuMilli >= 0 && p.memoryMib >= 0, "a negative pod resource was accepted");
        fuzz::require(p.gpuCount >= 0 && p.gpuCount <= kMaxGpusPerNode, "a GPU count out of range was accepted");
        fuzz::require(p.gpuMilli >= 0 && p.gpuMilli <= kMilli, "a GPU share out of range was accepted");
        fuzz::require((p.gpuCount == 0) == (p.gpuMilli == 0), "a GPU share without GPUs, or GPUs without a share");
        fuzz::require(p.gpuCount <= 1 || p.gpuMilli == kMilli, "a shared GPU share on a multi-GPU pod");
        fuzz::require((p.gpuSpecMask & ~known) == 0, "a gpu_spec mask names a model outside the registry");
        fuzz::require(p.gpuSpec.empty() == (p.gpuSpecMask == 0), "a gpu_spec text and mask disagree");
        if (list.hasTimes)
            fuzz::require(p.creationTime.has_value(), "a timed pod without creation_time was accepted");
    }
    fuzz::require(options.skipBadRows || warnings.skippedRows == 0, "a strict load skipped rows");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string path = fuzz::writeScratch("pods.csv", data, size);
    static const Cluster cluster = fuzz::smallCluster();
    for (bool skip : {false, true}) {
        fuzz::refusalsExpected([&] {
            LoadOptions options;
            options.skipBadRows = skip;
            LoadWarnings warnings;
            const PodList pods = TraceLoader::loadPods(path, cluster.registry, options, warnings, fuzz::checkedProgress());
            checkPods(cluster, pods, options, warnings);
            if (pods.pods.size() > kMaxSimulatedPods)
                return;
            fuzz::simulateBriefly(cluster, pods, fuzz::replayParameters(PolicySpec::parse("pwr:100,fgd:900")));
        });
    }
    return 0;
}
