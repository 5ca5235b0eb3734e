#pragma once

#include "io/InputError.h"
#include "model/Cluster.h"
#include "util/Progress.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace tessera {

// A gpu_spec column read against a registry: the allowed models' mask, or the problem.
struct GpuSpecMask {
    uint64_t mask = 0;  // 0: any model
    std::string problem;
};

struct LoadOptions {
    bool skipBadRows = false;
};

// Loaders for the Alibaba GPU trace format (traces.md section 1) and the user's GPU-model
// file. Each either returns everything or throws InputError: nothing is half-loaded.
// `progress` gets the share of the file read and parsed; returning false throws CancelledError.
class TraceLoader {
public:
    // Columns sn,cpu_milli,memory_mib,gpu,model. Models resolve through the registry.
    static std::vector<NodeSpec> loadNodes(const std::string& path, const GpuModelRegistry& registry,
                                           const LoadOptions& options, LoadWarnings& warnings,
                                           const ProgressCallback& progress = {});

    // Eleven columns, or the first five (multigpu* files: no times).
    static PodList loadPods(const std::string& path, const GpuModelRegistry& registry,
                            const LoadOptions& options, LoadWarnings& warnings,
                            const ProgressCallback& progress = {});

    // CSV with columns name,idle_watts,full_watts[,power_of]; adds to the registry.
    static void loadGpuModels(const std::string& path, GpuModelRegistry& registry, LoadWarnings& warnings);

    // "A10|T4" as a mask of model ids; an empty spec allows any model.
    static GpuSpecMask parseGpuSpec(std::string_view spec, const GpuModelRegistry& registry);

    // Node list + pod list (+ optional GPU-model file) into one cluster.
    static Cluster loadCluster(const std::string& nodesPath, const std::string& gpuModelsPath,
                               const LoadOptions& options, LoadWarnings& warnings,
                               const ProgressCallback& progress = {});
};

}  // namespace tessera
