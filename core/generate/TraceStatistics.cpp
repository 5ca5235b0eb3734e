#include "generate/TraceStatistics.h"

#include "io/CsvTable.h"
#include "model/NodeSpec.h"
#include "util/SumOf.h"

#include <charconv>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>

namespace tessera {

namespace {

// Bounds that keep every product in the generator inside int64.
constexpr int64_t kMaxCount = 1'000'000'000;
constexpr int64_t kMaxCpuMilli = 1'000'000'000;
constexpr int64_t kMaxMemoryMib = 1'000'000'000'000;
constexpr int64_t kMaxSeconds = 1'000'000'000'000;
constexpr int64_t kMaxBands = 10'000;

CsvTable readTable(const std::string& directory, const char* file, LoadWarnings& warnings)
{
    return CsvTable::read((std::filesystem::path(directory) / file).string(), {}, warnings);
}

bool parseWhole(std::string_view text, int64_t& value)
{
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return !text.empty() && ec == std::errc() && ptr == text.data() + text.size() && value >= 0;
}

// `N` or `LOW-HIGH`.
ValueRange rangeField(const CsvField& f, int column, int64_t max)
{
    const std::string& text = f.text(column);
    const size_t dash = text.find('-');
    ValueRange range;
    const bool ok = dash == std::string::npos
        ? parseWhole(text, range.low)
        : parseWhole(std::string_view(text).substr(0, dash), range.low)
            && parseWhole(std::string_view(text).substr(dash + 1), range.high);
    if (!ok)
        f.fail(column, "not a whole number or a LOW-HIGH range");
    if (dash == std::string::npos)
        range.high = range.low;
    if (range.low > range.high)
        f.fail(column, "range starts above its end");
    if (range.high > max)
        f.fail(column, fmt::format("above the maximum of {}", max));
    return range;
}

// A decimal probability in [0, 1], as millionths.
int64_t probabilityField(const CsvField& f, int column)
{
    const std::string& text = f.text(column);
    double value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size())
        f.fail(column, "not a number");
    if (!(value >= 0 && value <= 1))
        f.fail(column, "a probability must be from 0 to 1");
    return std::llround(value * double(QuantileTable::kOne));
}

// The class names of core/model/PodSpec.cpp: cpu, share, or N-gpu with N from 1 to 8.
PodClassStatistics classFromName(const CsvField& f, int column)
{
    const std::string& name = f.text(column);
    PodClassStatistics c;
    c.name = name;
    int64_t gpus = 0;
    if (name == "cpu") {
        c.gpus = 0;
    } else if (name == "share") {
        c.gpus = 1;
        c.share = true;
    } else if (name.ends_with("-gpu") && parseWhole(std::string_view(name).substr(0, name.size() - 4), gpus)
               && gpus >= 1 && gpus <= kMaxGpusPerNode) {
        c.gpus = int(gpus);
    } else {
        f.fail(column, fmt::format("unknown pod class (cpu, share or N-gpu with N from 1 to {})", kMaxGpusPerNode));
    }
    return c;
}

std::vector<NodeConfig> readNodeConfigs(const std::string& directory, const GpuModelRegistry& registry,
                                        LoadWarnings& warnings)
{
    const CsvTable table = readTable(directory, TraceStatistics::kNodeConfigsFile, warnings);
    const auto col = table.columnIndices({"model", "gpu", "cpu_milli", "memory_mib", "count"}, {});
    enum { Model, Gpu, Cpu, Memory, Count };
    std::vector<NodeConfig> configs;
    int64_t total = 0;
    for (const auto& row : table.rows()) {
        const CsvField f(table, row);
        NodeConfig c;
        c.model = f.text(col[Model]);
        c.gpus = int(f.integer(col[Gpu], kMaxGpusPerNode));
        c.cpuMilli = f.integer(col[Cpu], kMaxCpuMilli);
        c.memoryMib = f.integer(col[Memory], kMaxMemoryMib);
        c.count = f.integer(col[Count], kMaxCount);
        if (!c.model.empty() && !registry.find(c.model))
            f.fail(col[Model], "GPU model not in the model registry");
        if (c.model.empty() && c.gpus > 0)
            f.fail(col[Model], "node configuration with GPUs has no GPU model");
        total += c.count;
        configs.push_back(std::move(c));
    }
    if (total == 0)
        throw InputError::fileLevel(table.path(), "no nodes: every count is zero");
    return configs;
}

// The classes, with the line of each, for errors found later in other files.
std::vector<PodClassStatistics> readPodClasses(const std::string& directory, LoadWarnings& warnings,
                                               std::string& path, std::vector<long>& lines)
{
    const CsvTable table = readTable(directory, TraceStatistics::kPodClassesFile, warnings);
    path = table.path();
    const auto col = table.columnIndices({"class", "count"}, {});
    enum { Class, Count };
    std::vector<PodClassStatistics> classes;
    int64_t total = 0;
    for (const auto& row : table.rows()) {
        const CsvField f(table, row);
        PodClassStatistics c = classFromName(f, col[Class]);
        for (const auto& earlier : classes)
            if (earlier.name == c.name)
                f.fail(col[Class], "duplicate class");
        c.count = f.integer(col[Count], kMaxCount);
        total += c.count;
        classes.push_back(std::move(c));
        lines.push_back(row.line);
    }
    if (total == 0)
        throw InputError::fileLevel(table.path(), "no pods: every count is zero");
    return classes;
}

PodClassStatistics& classOfRow(std::vector<PodClassStatistics>& classes, const CsvField& f, int column)
{
    for (auto& c : classes)
        if (c.name == f.text(column))
            return c;
    f.fail(column, fmt::format("class not in {}", TraceStatistics::kPodClassesFile));
}

void readPodShapes(const std::string& directory, std::vector<PodClassStatistics>& classes, LoadWarnings& warnings)
{
    const CsvTable table = readTable(directory, TraceStatistics::kPodShapesFile, warnings);
    const auto col = table.columnIndices({"class", "cpu_milli", "memory_mib", "gpu_milli", "count"}, {});
    enum { Class, Cpu, Memory, GpuMilli, Count };
    for (const auto& row : table.rows()) {
        const CsvField f(table, row);
        PodClassStatistics& c = classOfRow(classes, f, col[Class]);
        RequestShape s;
        s.cpuMilli = rangeField(f, col[Cpu], kMaxCpuMilli);
        s.memoryMib = rangeField(f, col[Memory], kMaxMemoryMib);
        s.gpuMilli = rangeField(f, col[GpuMilli], kMilli);
        s.count = f.integer(col[Count], kMaxCount);
        if (c.gpus == 0 && s.gpuMilli.high != 0)
            f.fail(col[GpuMilli], "a CPU-only pod's GPU share must be 0");
        if (c.share && (s.gpuMilli.low < 1 || s.gpuMilli.high >= kMilli))
            f.fail(col[GpuMilli], fmt::format("a share pod's GPU share must be from 1 to {}", kMilli - 1));
        if (c.gpus > 0 && !c.share && (s.gpuMilli.low != kMilli || s.gpuMilli.high != kMilli))
            f.fail(col[GpuMilli], fmt::format("a whole-GPU pod's GPU share must be {}", kMilli));
        c.shapes.push_back(s);
    }
}

void readPodAttributes(const std::string& directory, std::vector<PodClassStatistics>& classes,
                       const GpuModelRegistry& registry, LoadWarnings& warnings)
{
    const CsvTable table = readTable(directory, TraceStatistics::kPodAttributesFile, warnings);
    const auto col = table.columnIndices({"class", "attribute", "value", "count"}, {});
    enum { Class, Attribute, Value, Count };
    std::set<std::tuple<std::string, std::string, std::string>> seen;
    for (const auto& row : table.rows()) {
        const CsvField f(table, row);
        PodClassStatistics& c = classOfRow(classes, f, col[Class]);
        const std::string& attribute = f.text(col[Attribute]);
        CategoryCount category{f.text(col[Value]), f.integer(col[Count], kMaxCount)};
        if (!seen.emplace(c.name, attribute, category.value).second)
            f.fail(col[Value], "duplicate row");
        // The generator writes values unquoted, as the trace does.
        if (category.value.find_first_of(",\"") != std::string::npos)
            f.fail(col[Value], "a value may not hold a comma or a quote");
        if (attribute == "qos") {
            c.qos.push_back(std::move(category));
        } else if (attribute == "pod_phase") {
            c.podPhase.push_back(std::move(category));
        } else if (attribute == "gpu_spec") {
            std::string_view rest = category.value;
            while (!rest.empty()) {
                const size_t bar = rest.find('|');
                const std::string_view model = rest.substr(0, bar);
                if (!registry.find(model))
                    f.fail(col[Value], fmt::format("GPU model \"{}\" not in the model registry", model));
                rest = bar == std::string_view::npos ? std::string_view() : rest.substr(bar + 1);
            }
            c.gpuSpec.push_back(std::move(category));
        } else if (attribute == "deletion_time") {
            if (category.value == "present")
                c.deletionPresent = category.count;
            else if (category.value == "empty")
                c.deletionEmpty = category.count;
            else
                f.fail(col[Value], "deletion_time values are present or empty");
        } else {
            f.fail(col[Attribute], "unknown attribute (qos, pod_phase, gpu_spec or deletion_time)");
        }
    }
}

struct TimeTables {
    QuantileTable creation;
    std::vector<QuantileTable> lifetimeBands;
    std::optional<QuantileTable> interarrival;
    QuantileTable schedulingDelay;
};

TimeTables readPodTimes(const std::string& directory, LoadWarnings& warnings)
{
    const CsvTable table = readTable(directory, TraceStatistics::kPodTimesFile, warnings);
    const auto col = table.columnIndices({"distribution", "band", "probability", "seconds"}, {});
    enum { Distribution, Band, Probability, Seconds };
    struct Pending {
        std::vector<QuantileTable::Point> points;
        long lastLine = 0;
    };
    std::map<std::pair<std::string, int64_t>, Pending> tables;  // (distribution, band or -1)
    for (const auto& row : table.rows()) {
        const CsvField f(table, row);
        const std::string& distribution = f.text(col[Distribution]);
        const bool banded = distribution == "lifetime";
        if (!banded && distribution != "creation_time" && distribution != "interarrival"
            && distribution != "scheduling_delay")
            f.fail(col[Distribution],
                   "unknown distribution (creation_time, lifetime, interarrival or scheduling_delay)");
        int64_t band = -1;
        if (banded)
            band = f.integer(col[Band], kMaxBands - 1);
        else if (!f.text(col[Band]).empty())
            f.fail(col[Band], fmt::format("only lifetime tables have bands, not {}", distribution));
        const QuantileTable::Point point{probabilityField(f, col[Probability]), f.integer(col[Seconds], kMaxSeconds)};
        Pending& t = tables[{distribution, band}];
        if (t.points.empty() && point.probability != 0)
            f.fail(col[Probability], "a quantile table starts at probability 0");
        if (!t.points.empty() && point.probability <= t.points.back().probability)
            f.fail(col[Probability], "probabilities must rise within a table");
        if (!t.points.empty() && point.value < t.points.back().value)
            f.fail(col[Seconds], "quantiles must not fall as the probability rises");
        t.points.push_back(point);
        t.lastLine = row.line;
    }
    for (const auto& [key, t] : tables)
        if (t.points.back().probability != QuantileTable::kOne)
            throw InputError(table.path(), t.lastLine, "probability",
                             fmt::format("the {} table ends before probability 1", key.first));

    auto take = [&](const std::string& distribution, int64_t band) -> std::optional<QuantileTable> {
        auto it = tables.find({distribution, band});
        if (it == tables.end())
            return std::nullopt;
        return QuantileTable(std::move(it->second.points));
    };
    auto require = [&](const std::string& distribution) {
        auto t = take(distribution, -1);
        if (!t)
            throw InputError::fileLevel(table.path(), fmt::format("no {} table", distribution));
        return std::move(*t);
    };
    std::vector<QuantileTable> bands;
    while (auto t = take("lifetime", int64_t(bands.size())))
        bands.push_back(std::move(*t));
    if (bands.empty())
        throw InputError::fileLevel(table.path(), "no lifetime table");
    for (const auto& [key, t] : tables)
        if (key.first == "lifetime" && key.second >= int64_t(bands.size()))
            throw InputError(table.path(), t.lastLine, "band",
                             fmt::format("lifetime bands must run from 0 without gaps; band {} is missing",
                                         bands.size()));
    return TimeTables{require("creation_time"), std::move(bands), take("interarrival", -1),
                      require("scheduling_delay")};
}

}  // namespace

TraceStatistics::TraceStatistics(std::vector<NodeConfig> nodeConfigs, std::vector<PodClassStatistics> podClasses,
                                 QuantileTable creationTime, std::vector<QuantileTable> lifetimeBands,
                                 std::optional<QuantileTable> interarrival, QuantileTable schedulingDelay)
    : nodeConfigs_(std::move(nodeConfigs))
    , podClasses_(std::move(podClasses))
    , creationTime_(std::move(creationTime))
    , lifetimeBands_(std::move(lifetimeBands))
    , interarrival_(std::move(interarrival))
    , schedulingDelay_(std::move(schedulingDelay))
{
}

TraceStatistics TraceStatistics::load(const std::string& directory, const GpuModelRegistry& registry,
                                      LoadWarnings& warnings)
{
    if (!std::filesystem::is_directory(directory))
        throw InputError::fileLevel(directory, fmt::format("not a statistics folder (one holding {}, {}, ...)",
                                                           kNodeConfigsFile, kPodClassesFile));
    auto nodeConfigs = readNodeConfigs(directory, registry, warnings);
    std::string classesPath;
    std::vector<long> classLines;
    auto classes = readPodClasses(directory, warnings, classesPath, classLines);
    readPodShapes(directory, classes, warnings);
    readPodAttributes(directory, classes, registry, warnings);
    for (size_t i = 0; i < classes.size(); ++i) {
        int64_t shapes = 0;
        for (const auto& s : classes[i].shapes)
            shapes += s.count;
        if (classes[i].count > 0 && shapes == 0)
            throw InputError(classesPath, classLines[i], "class",
                             fmt::format("no request shapes in {}", kPodShapesFile), classes[i].name, true);
    }
    TimeTables times = readPodTimes(directory, warnings);
    return TraceStatistics(std::move(nodeConfigs), std::move(classes), std::move(times.creation),
                           std::move(times.lifetimeBands), std::move(times.interarrival),
                           std::move(times.schedulingDelay));
}

int64_t TraceStatistics::nodeCount() const { return sumOf<int64_t>(nodeConfigs_, &NodeConfig::count); }

int64_t TraceStatistics::podCount() const { return sumOf<int64_t>(podClasses_, &PodClassStatistics::count); }

}  // namespace tessera
