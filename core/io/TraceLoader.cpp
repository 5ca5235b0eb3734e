#include "io/TraceLoader.h"

#include "io/CsvTable.h"
#include "util/ProgressSlice.h"

#include <charconv>
#include <unordered_set>

#include <fmt/format.h>

namespace tessera {

namespace {

// Splitting the file into rows is about half the work of a load; parsing their values the rest.
constexpr double kSplitShare = 0.5;
constexpr size_t kRowsPerProgress = 4096;

// The file split into rows, with the header checked before any row (contracts.md 4).
CsvTable readTable(const std::string& path, const LoadOptions& options, LoadWarnings& warnings,
                   std::vector<std::string> required, std::vector<std::string> optional,
                   const ProgressCallback& progress)
{
    CsvTable::Options csv;
    csv.skipBadRows = options.skipBadRows;
    csv.requiredColumns = std::move(required);
    csv.optionalColumns = std::move(optional);
    return CsvTable::read(path, csv, warnings, progressSlice(progress, 0.0, kSplitShare));
}

// Runs `parse` on every row; under skipBadRows an InputError skips the row and is listed.
template <typename Parse>
void eachRow(const CsvTable& table, const LoadOptions& options, LoadWarnings& warnings,
             const ProgressCallback& progress, Parse parse)
{
    const auto& rows = table.rows();
    for (size_t i = 0; i < rows.size(); ++i) {
        const auto& row = rows[i];
        if (progress && (i + 1) % kRowsPerProgress == 0
            && !progress(kSplitShare + (1.0 - kSplitShare) * double(i + 1) / double(rows.size())))
            throw CancelledError();
        try {
            parse(CsvField(table, row), row);
        } catch (const InputError& e) {
            if (!options.skipBadRows)
                throw;
            warnings.lines.push_back(std::string(e.what()) + ": row skipped");
            ++warnings.skippedRows;
        }
    }
}

}  // namespace

std::vector<NodeSpec> TraceLoader::loadNodes(const std::string& path, const GpuModelRegistry& registry,
                                             const LoadOptions& options, LoadWarnings& warnings,
                                             const ProgressCallback& progress)
{
    const std::vector<std::string> required{"sn", "cpu_milli", "memory_mib", "gpu", "model"};
    const CsvTable table = readTable(path, options, warnings, required, {}, progress);
    const auto col = table.columnIndices(required, {});
    enum { Sn, Cpu, Mem, Gpu, Model };

    std::vector<NodeSpec> nodes;
    std::unordered_set<std::string> names;
    eachRow(table, options, warnings, progress, [&](const CsvField& f, const CsvTable::Row&) {
        NodeSpec n;
        n.name = f.text(col[Sn]);
        if (n.name.empty())
            f.fail(col[Sn], "empty node name");
        n.cpuMilli = static_cast<int32_t>(f.integer(col[Cpu], 1'000'000'000));
        n.memoryMib = f.integer(col[Mem], std::numeric_limits<int64_t>::max());
        n.gpuCount = static_cast<int>(f.integer(col[Gpu], kMaxGpusPerNode));
        const std::string& model = f.text(col[Model]);
        if (!model.empty()) {
            auto id = registry.find(model);
            if (!id)
                f.fail(col[Model], "GPU model not in the model registry");
            n.model = *id;
        } else if (n.gpuCount > 0) {
            f.fail(col[Model], "node with GPUs has no GPU model");
        }
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
    const CsvTable table = readTable(path, options, warnings, required, optional, progress);
    const auto col = table.columnIndices(required, optional);
    enum { Name, Cpu, Mem, NumGpu, GpuMilli, Spec, Qos, Phase, Creation, Deletion, Scheduled };

    PodList list;
    list.path = path;
    list.hasTimes = col[Creation] >= 0 && col[Deletion] >= 0;
    std::unordered_set<std::string> names;
    eachRow(table, options, warnings, progress, [&](const CsvField& f, const CsvTable::Row&) {
        PodSpec p;
        p.name = f.text(col[Name]);
        if (p.name.empty())
            f.fail(col[Name], "empty pod name");
        p.cpuMilli = static_cast<int32_t>(f.integer(col[Cpu], 1'000'000'000));
        p.memoryMib = f.integer(col[Mem], std::numeric_limits<int64_t>::max());
        p.gpuCount = static_cast<int>(f.integer(col[NumGpu], kMaxGpusPerNode));
        p.gpuMilli = static_cast<int32_t>(f.integer(col[GpuMilli], kMilli));
        if (p.gpuCount > 1 && p.gpuMilli < kMilli)
            f.fail(col[GpuMilli], fmt::format("a shared GPU share with num_gpu {} > 1", p.gpuCount));
        if (p.gpuCount == 0 && p.gpuMilli > 0)
            f.fail(col[GpuMilli], "a GPU share on a pod with num_gpu 0");
        if (p.gpuCount > 0 && p.gpuMilli == 0)
            f.fail(col[GpuMilli], "a GPU pod with a zero GPU share");
        if (col[Spec] >= 0) {
            p.gpuSpec = f.text(col[Spec]);
            std::string_view rest = p.gpuSpec;
            while (!rest.empty()) {
                size_t bar = rest.find('|');
                std::string_view name = rest.substr(0, bar);
                auto id = registry.find(name);
                if (!id)
                    f.fail(col[Spec], fmt::format("GPU model \"{}\" not in the model registry", name));
                p.gpuSpecMask |= uint64_t(1) << *id;
                rest = bar == std::string_view::npos ? std::string_view() : rest.substr(bar + 1);
            }
        }
        if (list.hasTimes) {
            // creation_time is not among the fields that may be empty (contracts.md 4).
            p.creationTime = f.integer(col[Creation], std::numeric_limits<int64_t>::max());
            p.deletionTime = f.optionalInteger(col[Deletion]);
            f.optionalInteger(col[Scheduled]);  // validated, unused
        }
        if (!names.insert(p.name).second)
            f.fail(col[Name], "duplicate pod name");
        list.pods.push_back(std::move(p));
    });
    return list;
}

void TraceLoader::loadGpuModels(const std::string& path, GpuModelRegistry& registry, LoadWarnings& warnings)
{
    const std::vector<std::string> required{"name", "idle_watts", "full_watts"};
    const CsvTable table = readTable(path, {}, warnings, required, {"power_of"}, {});
    const auto col = table.columnIndices(required, {"power_of"});
    GpuModelRegistry updated = registry;
    for (const auto& row : table.rows()) {
        CsvField f(table, row);
        GpuModel m;
        m.name = f.text(col[0]);
        if (m.name.empty())
            f.fail(col[0], "empty model name");
        m.idleWatts = f.integer(col[1], 100'000);
        m.fullWatts = f.integer(col[2], 100'000);
        if (m.fullWatts < m.idleWatts)
            f.fail(col[2], "full power below idle power");
        if (col[3] >= 0 && !f.text(col[3]).empty()) {
            m.powerOf = f.text(col[3]);
            if (!updated.find(m.powerOf))
                f.fail(col[3], "power_of names a model not in the registry");
        }
        try {
            updated.add(std::move(m));
        } catch (const std::length_error&) {
            f.fail(col[0], "too many GPU models (at most 64)");
        }
    }
    registry = std::move(updated);
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
