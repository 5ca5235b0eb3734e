#pragma once

#include "io/InputError.h"
#include "model/Cluster.h"
#include "sim/Progress.h"

#include <string>

namespace tessera {

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

    // Node list + pod list (+ optional GPU-model file) into one cluster.
    static Cluster loadCluster(const std::string& nodesPath, const std::string& gpuModelsPath,
                               const LoadOptions& options, LoadWarnings& warnings,
                               const ProgressCallback& progress = {});
};

}  // namespace tessera
