#include "inference/ProfileData.h"

#include "io/DecimalField.h"
#include "inference/ProfileLimits.h"
#include "io/CsvTable.h"
#include "util/PrintableText.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <tuple>

#include <fmt/format.h>

namespace tessera {

namespace {

namespace fs = std::filesystem;

const std::vector<std::string> kColumns{"Mig instance", "Batch size", "Workload Number", "Throughput", "Latency"};
enum { Size, Batch, Procs, Throughput, Latency };

auto pointKey(const ProfiledPoint& p)
{
    return std::tie(p.computeSlices, p.batch, p.procs);
}

// The model is named by its file, and its name reaches CSV outputs and the SLO columns: kept
// to characters that need no quoting anywhere.
bool validModelName(const std::string& name)
{
    return !name.empty() && name.front() != '.' && std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
               c == '.';
    });
}

ProfiledPoint readPoint(const CsvField& f, const std::vector<int>& col)
{
    ProfiledPoint p;
    p.computeSlices = int(f.integer(col[Size], 7));
    if (profiledMemorySlices(p.computeSlices) == 0)
        f.fail(col[Size], "instance size must be 1, 2, 3, 4 or 7 GPCs (the profiled MIG instances)");
    p.batch = int(f.integer(col[Batch], ProfileLimits::kMaxBatch));
    if (p.batch < 1)
        f.fail(col[Batch], "batch size must be at least 1");
    p.procs = int(f.integer(col[Procs], ProfileLimits::kMaxProcesses));
    if (p.procs < 1)
        f.fail(col[Procs], "the process count must be at least 1");
    const double perProcess = decimalField(f, col[Throughput], ProfileLimits::kMaxThroughputRps);
    const double seconds = decimalField(f, col[Latency], ProfileLimits::kMaxLatencySeconds);
    // 0,0 marks an OOM row; one zero without the other is neither a measurement nor a mark.
    if ((perProcess == 0) != (seconds == 0))
        f.fail(seconds == 0 ? col[Latency] : col[Throughput],
               "zero here but not in the other column (an OOM row has throughput 0 and latency 0)");
    if (seconds > 0 && seconds < ProfileLimits::kMinLatencySeconds)
        f.fail(col[Latency], "below the minimum of 1e-06 s (0 with throughput 0 marks an OOM row)");
    p.latencyMs = seconds * 1000.0;
    p.throughputRps = perProcess * p.procs;
    return p;
}

ModelProfile loadModel(const std::string& path, std::string model, LoadWarnings& warnings)
{
    CsvReader::Options options;
    options.requiredColumns = kColumns;
    CsvReader reader(path, options, warnings);
    const auto col = reader.columnIndices(kColumns, {});

    ModelProfile profile;
    profile.model = std::move(model);
    std::map<std::tuple<int, int, int>, long> lineOf;
    for (CsvReader::Row row; reader.next(row);) {
        const CsvField f(reader, row);
        if (profile.points.size() >= ProfileLimits::kMaxRowsPerModel)
            throw InputError(path, row.line, {},
                             fmt::format("more than {} profile rows", ProfileLimits::kMaxRowsPerModel));
        const ProfiledPoint p = readPoint(f, col);
        const auto [at, inserted] = lineOf.emplace(std::make_tuple(p.computeSlices, p.batch, p.procs), row.line);
        if (!inserted)
            f.fail(col[Size], fmt::format("duplicate point (instance size, batch size, process count): first at line {}",
                                          at->second));
        profile.points.push_back(p);
    }
    warnings.contentHashes[path] = reader.contentHash();
    if (profile.points.empty())
        throw InputError(path, 2, {}, "no profile rows after the header");
    std::sort(profile.points.begin(), profile.points.end(),
              [](const ProfiledPoint& a, const ProfiledPoint& b) { return pointKey(a) < pointKey(b); });
    return profile;
}

}  // namespace

const ProfiledPoint* ModelProfile::find(int computeSlices, int batch, int procs) const
{
    ProfiledPoint key;
    key.computeSlices = computeSlices;
    key.batch = batch;
    key.procs = procs;
    const auto it = std::lower_bound(points.begin(), points.end(), key, [](const ProfiledPoint& a, const ProfiledPoint& b) {
        return pointKey(a) < pointKey(b);
    });
    return it != points.end() && pointKey(*it) == pointKey(key) ? &*it : nullptr;
}

size_t ModelProfile::feasibleCount() const
{
    return size_t(std::count_if(points.begin(), points.end(), [](const ProfiledPoint& p) { return !p.oom(); }));
}

ProfileData ProfileData::load(const std::string& dir)
{
    std::error_code error;
    if (!fs::is_directory(dir, error))
        throw InputError::fileLevel(dir, fs::exists(dir, error) ? "not a folder (--profiles names a folder of <model>.csv files)"
                                                                : "no such folder");
    // Sorted by name, so that the models, their order and the warnings do not depend on the
    // order the file system lists them in.
    std::vector<fs::path> entries;
    for (fs::directory_iterator it(dir, error), end; !error && it != end; it.increment(error))
        entries.push_back(it->path());
    if (error)
        throw InputError::fileLevel(dir, fmt::format("cannot list the folder: {}", error.message()));
    std::sort(entries.begin(), entries.end());

    ProfileData data;
    for (const fs::path& entry : entries) {
        const std::string path = entry.string();
        if (entry.extension() != ".csv" || fs::is_directory(entry, error)) {
            data.warnings_.lines.push_back(
                fmt::format("{}: not a <model>.csv profile file, ignored", printableExcerpt(path)));
            continue;
        }
        const std::string model = entry.stem().string();
        if (!validModelName(model))
            throw InputError::fileLevel(path, "the model name (the file name before .csv) may hold only letters, "
                                              "digits, '-', '_' and '.', and may not start with '.'");
        if (data.models_.size() >= ProfileLimits::kMaxModels)
            throw InputError::fileLevel(path, fmt::format("more than {} model files in the folder", ProfileLimits::kMaxModels));
        data.models_.push_back(loadModel(path, model, data.warnings_));
    }
    if (data.models_.empty()) {
        // The ParvaGPU folder keeps its profiles one level down: point there rather than just fail.
        const bool parent = fs::is_directory(fs::path(dir) / "prof_data", error);
        throw InputError::fileLevel(dir, std::string("no <model>.csv profile files in the folder") +
                                             (parent ? " (its prof_data folder holds them)" : ""));
    }
    // File names and model names sort differently ("a-b.csv" < "a.csv" but "a" < "a-b").
    std::sort(data.models_.begin(), data.models_.end(),
              [](const ModelProfile& a, const ModelProfile& b) { return a.model < b.model; });
    return data;
}

ProfileData ProfileData::fromModels(std::vector<ModelProfile> models)
{
    ProfileData data;
    std::sort(models.begin(), models.end(), [](const ModelProfile& a, const ModelProfile& b) { return a.model < b.model; });
    for (size_t i = 0; i < models.size(); ++i) {
        if (i > 0 && models[i].model == models[i - 1].model)
            throw std::invalid_argument("two profiles of model " + models[i].model);
        for (const ProfiledPoint& p : models[i].points)
            if (profiledMemorySlices(p.computeSlices) == 0)
                throw std::invalid_argument("model " + models[i].model + ": no profiled size of " +
                                            std::to_string(p.computeSlices) + " compute slices");
        std::sort(models[i].points.begin(), models[i].points.end(), [](const ProfiledPoint& a, const ProfiledPoint& b) {
            return std::tie(a.computeSlices, a.batch, a.procs) < std::tie(b.computeSlices, b.batch, b.procs);
        });
    }
    data.models_ = std::move(models);
    return data;
}

const ModelProfile* ProfileData::find(std::string_view model) const
{
    const int index = modelIndex(model);
    return index < 0 ? nullptr : &models_[size_t(index)];
}

int ProfileData::modelIndex(std::string_view model) const
{
    const auto it = std::lower_bound(models_.begin(), models_.end(), model,
                                     [](const ModelProfile& m, std::string_view name) { return m.model < name; });
    return it != models_.end() && it->model == model ? int(it - models_.begin()) : -1;
}

size_t ProfileData::pointCount() const
{
    size_t n = 0;
    for (const auto& m : models_)
        n += m.points.size();
    return n;
}

std::vector<std::string> ProfileData::modelNames() const
{
    std::vector<std::string> names;
    for (const auto& m : models_)
        names.push_back(m.model);
    return names;
}

int profiledMemorySlices(int computeSlices)
{
    switch (computeSlices) {
    case 1: return 1;
    case 2: return 2;
    case 3:
    case 4: return 4;
    case 7: return 8;
    default: return 0;
    }
}

}  // namespace tessera
