#include "io/TraceLoader.h"

#include "io/CsvTable.h"
#include "model/SpecLimits.h"
#include "util/PrintableText.h"

#include <charconv>
#include <unordered_set>

#include <fmt/format.h>

namespace tessera {

namespace {

// The file opened with its header checked before any row (contracts.md 4).
CsvReader openTable(const std::string& path, const LoadOptions& options, LoadWarnings& warnings,
                    std::vector<std::string> required, std::vector<std::string> optional,
                    const ProgressCallback& progress)
{
    CsvReader::Options csv;
    csv.skipBadRows = options.skipBadRows;
    csv.requiredColumns = std::move(required);
    csv.optionalColumns = std::move(optional);
    return CsvReader(path, csv, warnings, progress);
}

// Runs `parse` on every row as it is read, so memory holds the parsed records and one line;
// under skipBadRows an InputError skips the row and is listed. At the end, the hash of the
// bytes read is recorded for the file.
template <typename Parse>
void eachRow(CsvReader& reader, const LoadOptions& options, LoadWarnings& warnings, Parse parse)
{
    for (CsvReader::Row row; reader.next(row);) {
        try {
            parse(CsvField(reader, row));
        } catch (const InputError& e) {
            if (!options.skipBadRows)
                throw;
            warnings.lines.push_back(std::string(e.what()) + ": row skipped");
            ++warnings.skippedRows;
        }
    }
    warnings.contentHashes[reader.path()] = reader.contentHash();
}

// A record rule broken across columns, reported at the column it names.
void failOn(const CsvField& f, const std::vector<std::string>& names, const std::vector<int>& col,
            const std::optional<SpecProblem>& problem)
{
    if (!problem)
        return;
    for (size_t i = 0; i < names.size(); ++i)
        if (names[i] == problem->column)
            f.fail(col[i], problem->problem);
    f.fail(col[0], problem->problem);
}

}  // namespace

std::vector<NodeSpec> TraceLoader::loadNodes(const std::string& path, const GpuModelRegistry& registry,
                                             const LoadOptions& options, LoadWarnings& warnings,
                                             const ProgressCallback& progress)
{
    const std::vector<std::string> required{"sn", "cpu_milli", "memory_mib", "gpu", "model"};
    CsvReader reader = openTable(path, options, warnings, required, {}, progress);
    const auto col = reader.columnIndices(required, {});
    enum { Sn, Cpu, Mem, Gpu, Model };

    std::vector<NodeSpec> nodes;
    std::unordered_set<std::string> names;
    eachRow(reader, options, warnings, [&](const CsvField& f) {
        NodeSpec n;
        n.name = f.text(col[Sn]);
        if (n.name.empty())
            f.fail(col[Sn], "empty node name");
        n.cpuMilli = static_cast<int32_t>(f.integer(col[Cpu], SpecLimits::kMaxCpuMilli));
        n.memoryMib = f.integer(col[Mem], SpecLimits::kMaxMemoryMib);
        n.gpuCount = static_cast<int>(f.integer(col[Gpu], kMaxGpusPerNode));
        const std::string& model = f.text(col[Model]);
        if (!model.empty()) {
            auto id = registry.find(model);
            if (!id)
                f.fail(col[Model], "GPU model not in the model registry");
            n.model = *id;
        }
        failOn(f, required, col, nodeModelProblem(n.gpuCount, !model.empty()));
        if (!names.insert(n.name).second)
            f.fail(col[Sn], "duplicate node name");
        nodes.push_back(std::move(n));
    });
    return nodes;
}

PodList TraceLoader::loadPods(const std::string& path, const GpuModelRegistry& registry,
                              const LoadOptions& options, LoadWarnings& warnings, const ProgressCallback& progress)
{
    const std::vector<std::string> required{"name", "cpu_milli", "memory_mib", "num_gpu", "gpu_milli"};
    const std::vector<std::string> optional{"gpu_spec",      "qos",           "pod_phase",
                                            "creation_time", "deletion_time", "scheduled_time"};
    CsvReader reader = openTable(path, options, warnings, required, optional, progress);
    const auto col = reader.columnIndices(required, optional);
    enum { Name, Cpu, Mem, NumGpu, GpuMilli, Spec, Qos, Phase, Creation, Deletion, Scheduled };
    std::vector<std::string> names = required;
    names.insert(names.end(), optional.begin(), optional.end());

    PodList list;
    list.path = path;
    list.hasTimes = col[Creation] >= 0 && col[Deletion] >= 0;
    std::unordered_set<std::string> podNames;
    eachRow(reader, options, warnings, [&](const CsvField& f) {
        PodSpec p;
        p.name = f.text(col[Name]);
        if (p.name.empty())
            f.fail(col[Name], "empty pod name");
        p.cpuMilli = static_cast<int32_t>(f.integer(col[Cpu], SpecLimits::kMaxCpuMilli));
        p.memoryMib = f.integer(col[Mem], SpecLimits::kMaxMemoryMib);
        p.gpuCount = static_cast<int>(f.integer(col[NumGpu], kMaxGpusPerNode));
        p.gpuMilli = static_cast<int32_t>(f.integer(col[GpuMilli], kMilli));
        failOn(f, names, col, podRequestProblem(p));
        if (col[Spec] >= 0) {
            p.gpuSpec = f.text(col[Spec]);
            const GpuSpecMask spec = parseGpuSpec(p.gpuSpec, registry);
            if (!spec.problem.empty())
                f.fail(col[Spec], spec.problem);
            p.gpuSpecMask = spec.mask;
        }
        if (list.hasTimes) {
            // creation_time is not among the fields that may be empty (contracts.md 4).
            p.creationTime = f.integer(col[Creation], SpecLimits::kMaxTimeSeconds);
            p.deletionTime = f.optionalInteger(col[Deletion], SpecLimits::kMaxTimeSeconds);
            f.optionalInteger(col[Scheduled], SpecLimits::kMaxTimeSeconds);  // validated, unused
        }
        if (!podNames.insert(p.name).second)
            f.fail(col[Name], "duplicate pod name");
        list.pods.push_back(std::move(p));
    });
    return list;
}

void TraceLoader::loadGpuModels(const std::string& path, GpuModelRegistry& registry, LoadWarnings& warnings)
{
    const std::vector<std::string> required{"name", "idle_watts", "full_watts"};
    CsvReader reader = openTable(path, {}, warnings, required, {"power_of"}, {});
    const auto col = reader.columnIndices(required, {"power_of"});
    GpuModelRegistry updated = registry;
    eachRow(reader, {}, warnings, [&](const CsvField& f) {
        GpuModel m;
        m.name = f.text(col[0]);
        if (m.name.empty())
            f.fail(col[0], "empty model name");
        if (m.name.find('|') != std::string::npos)
            f.fail(col[0], "a model name cannot contain \"|\" (it separates models in gpu_spec)");
        m.idleWatts = f.integer(col[1], 100'000);
        m.fullWatts = f.integer(col[2], 100'000);
        if (m.fullWatts < m.idleWatts)
            f.fail(col[2], "full power below idle power");
        if (col[3] >= 0 && !f.text(col[3]).empty()) {
            m.powerOf = f.text(col[3]);
            if (!updated.find(m.powerOf))
                f.fail(col[3], "power_of names a model not in the registry");
        }
        if (!updated.find(m.name) && updated.size() >= GpuModelRegistry::kMaxModels)
            f.fail(col[0], fmt::format("too many GPU models (at most {})", GpuModelRegistry::kMaxModels));
        updated.add(std::move(m));
    });
    registry = std::move(updated);
}

GpuSpecMask TraceLoader::parseGpuSpec(std::string_view spec, const GpuModelRegistry& registry)
{
    // "A10|T4": models separated by "|". Every part must name a model: "A10|" and "|T4" are
    // errors, not "any model".
    GpuSpecMask out;
    if (spec.empty())
        return out;
    size_t start = 0;
    while (true) {
        const size_t bar = spec.find('|', start);
        const std::string_view name = spec.substr(start, bar == std::string_view::npos ? bar : bar - start);
        if (name.empty())
            return {0, "an empty GPU model name (\"|\" separates model names)"};
        const auto id = registry.find(name);
        if (!id)
            return {0, fmt::format("GPU model \"{}\" not in the model registry", printableExcerpt(name))};
        out.mask |= uint64_t(1) << *id;
        if (bar == std::string_view::npos)
            return out;
        start = bar + 1;
    }
}

Cluster TraceLoader::loadCluster(const std::string& nodesPath, const std::string& gpuModelsPath,
                                 const LoadOptions& options, LoadWarnings& warnings, const ProgressCallback& progress)
{
    Cluster cluster;
    if (!gpuModelsPath.empty())
        loadGpuModels(gpuModelsPath, cluster.registry, warnings);
    cluster.nodes = loadNodes(nodesPath, cluster.registry, options, warnings, progress);
    return cluster;
}

}  // namespace tessera
