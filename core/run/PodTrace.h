#pragma once

#include "io/TraceLoader.h"
#include "run/RunInputs.h"
#include "sim/PodSimulation.h"
#include "io/InputFile.h"

#include <memory>
#include <string>
#include <vector>

namespace tessera {

// A loaded node list and pod list with the models derived from them (target workload,
// fragmentation, power). Shared, immutable, by every run on this trace; the inputs of the
// pod-scheduling run kind.
struct PodTrace : RunInputs {
    std::string nodesPath;
    std::string podsPath;
    std::string gpuModelsPath;  // empty: the built-in models only
    // The files as loaded (absolute paths, content hashes), which a study records so that a
    // saved run can later tell whether its inputs changed. Empty for a trace made in memory.
    std::vector<InputFile> files;
    Cluster cluster;
    PodList pods;
    std::unique_ptr<TraceModels> models;

    const std::vector<InputFile>& inputFiles() const override { return files; }

    // Throws InputError; `warnings` collects what the load noticed but accepted. `progress`
    // gets the share of bytes read and parsed over all files; returning false throws
    // CancelledError.
    static std::shared_ptr<const PodTrace> load(const std::string& nodesPath, const std::string& podsPath,
                                                const std::string& gpuModelsPath, const LoadOptions& options,
                                                LoadWarnings& warnings, const ProgressCallback& progress = {});
    static std::shared_ptr<const PodTrace> make(Cluster cluster, PodList pods, std::string nodesPath = {},
                                                std::string podsPath = {});
    // A trace that stands for the recorded `files` (paths taken from their roles).
    static std::shared_ptr<const PodTrace> make(Cluster cluster, PodList pods, std::vector<InputFile> files);
    // The input files as a study records them: absolute, so the app finds them again from any
    // working directory, with the hashes of the bytes `loaded` read from them, which tell
    // whether they changed since. The GPU model file only when there is one.
    static std::vector<InputFile> fileRecords(const std::string& nodesPath, const std::string& podsPath,
                                                         const std::string& gpuModelsPath, const LoadWarnings& loaded);
};

}  // namespace tessera
