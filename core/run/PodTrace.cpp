#include "run/PodTrace.h"

#include "util/ProgressSlice.h"

#include <filesystem>
#include <stdexcept>

namespace tessera {

namespace {

InputFile traceFile(std::string_view role, const std::string& path, const LoadWarnings& loaded)
{
    const auto hash = loaded.contentHashes.find(path);
    if (hash == loaded.contentHashes.end())
        throw std::logic_error("PodTrace::fileRecords: " + path + " was not loaded");
    return {std::string(role), std::filesystem::absolute(path).lexically_normal().string(), hash->second};
}

// The node list's share of a load's progress: its share of the bytes to read.
double nodesShare(const std::string& nodesPath, const std::string& podsPath)
{
    std::error_code error;
    const double nodes = double(std::filesystem::file_size(nodesPath, error));
    const double pods = error ? 0.0 : double(std::filesystem::file_size(podsPath, error));
    return error || nodes + pods <= 0 ? 0.5 : nodes / (nodes + pods);
}

// The trace with its models. They keep a reference to the cluster: build them once it has
// its final address.
std::shared_ptr<PodTrace> assemble(Cluster cluster, PodList pods, std::string nodesPath, std::string podsPath)
{
    auto trace = std::make_shared<PodTrace>();
    trace->nodesPath = std::move(nodesPath);
    trace->podsPath = std::move(podsPath);
    trace->cluster = std::move(cluster);
    trace->pods = std::move(pods);
    trace->models = std::make_unique<TraceModels>(trace->cluster, trace->pods.pods);
    return trace;
}

}  // namespace

std::shared_ptr<const PodTrace> PodTrace::load(const std::string& nodesPath, const std::string& podsPath,
                                               const std::string& gpuModelsPath, const LoadOptions& options,
                                               LoadWarnings& warnings, const ProgressCallback& progress)
{
    const double split = progress ? nodesShare(nodesPath, podsPath) : 0.5;
    Cluster cluster = TraceLoader::loadCluster(nodesPath, gpuModelsPath, options, warnings,
                                               progressSlice(progress, 0.0, split));
    PodList pods = TraceLoader::loadPods(podsPath, cluster.registry, options, warnings,
                                         progressSlice(progress, split, 1.0));
    auto trace = make(std::move(cluster), std::move(pods), fileRecords(nodesPath, podsPath, gpuModelsPath, warnings));
    if (progress)
        progress(1.0);
    return trace;
}

std::vector<InputFile> PodTrace::fileRecords(const std::string& nodesPath, const std::string& podsPath,
                                                        const std::string& gpuModelsPath, const LoadWarnings& loaded)
{
    std::vector<InputFile> files{traceFile(InputFile::kNodesRole, nodesPath, loaded),
                                            traceFile(InputFile::kPodsRole, podsPath, loaded)};
    if (!gpuModelsPath.empty())
        files.push_back(traceFile(InputFile::kGpuModelsRole, gpuModelsPath, loaded));
    return files;
}

std::shared_ptr<const PodTrace> PodTrace::make(Cluster cluster, PodList pods, std::string nodesPath,
                                               std::string podsPath)
{
    return assemble(std::move(cluster), std::move(pods), std::move(nodesPath), std::move(podsPath));
}

std::shared_ptr<const PodTrace> PodTrace::make(Cluster cluster, PodList pods, std::vector<InputFile> files)
{
    auto pathOf = [&](std::string_view role) {
        for (const auto& f : files)
            if (f.role == role)
                return f.path;
        return std::string();
    };
    auto trace = assemble(std::move(cluster), std::move(pods), pathOf(InputFile::kNodesRole), pathOf(InputFile::kPodsRole));
    trace->gpuModelsPath = pathOf(InputFile::kGpuModelsRole);
    trace->files = std::move(files);
    return trace;
}

}  // namespace tessera
