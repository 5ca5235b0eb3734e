#include "training/rent/PolluxApplications.h"

#include "io/CsvReader.h"
#include "io/CsvTable.h"
#include "io/DecimalField.h"
#include "io/InputError.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <map>

#include <fmt/format.h>

namespace tessera {

namespace {

constexpr double kMaxValue = 1e12;

// Step time against local batch size for one placement.
using StepCurve = std::map<double, double>;

double stepTimeAt(const StepCurve& curve, double localBsz, const std::string& path, const std::string& what)
{
    if (curve.empty())
        throw InputError::fileLevel(path, fmt::format("no measured row for {}", what));
    if (curve.size() == 1)
        return curve.begin()->second;
    auto upper = curve.lower_bound(localBsz);
    if (upper != curve.end() && upper->first == localBsz)
        return upper->second;
    if (upper == curve.begin())
        ++upper;
    if (upper == curve.end())
        --upper;
    const auto lower = std::prev(upper);
    const double t = (localBsz - lower->first) / (upper->first - lower->first);
    const double value = lower->second + t * (upper->second - lower->second);
    if (!(value > 0))
        throw InputError::fileLevel(path, fmt::format("the step time for {} extrapolates to {}", what, value));
    return value;
}

// The packed placement of k GPUs on 4-GPU nodes as the simulator names it: full nodes and the
// remainder, rotated to the lexicographically smallest, e.g. 6 -> "24", 9 -> "144".
std::string packedPlacement(int k)
{
    std::string digits;
    for (int left = k; left > 0; left -= std::min(left, 4))
        digits += char('0' + std::min(left, 4));
    std::string best = digits;
    for (size_t i = 1; i < digits.size(); ++i)
        best = std::min(best, digits.substr(i) + digits.substr(0, i));
    return best;
}

double lastProgressAfter(const std::string& path, int epochs)
{
    LoadWarnings warnings;
    CsvReader reader(path, CsvReader::Options{}, warnings);
    const int progress = reader.column("progress");
    if (progress < 0)
        throw InputError(path, 1, "progress", "missing column: a validation file needs progress");
    int row = 0;
    for (CsvReader::Row r; reader.next(r);) {
        const double value = decimalField(CsvField(reader, r), progress, kMaxValue);
        if (++row == epochs)
            return value;
    }
    throw InputError::fileLevel(path, fmt::format("{} epochs are needed, the file has {}", epochs, row));
}

}  // namespace

const std::vector<PolluxApplicationName>& polluxApplicationNames()
{
    static const std::vector<PolluxApplicationName> names{{"bert", 2},      {"cifar10", 100},    {"ncf", 10},
                                                          {"imagenet", 90}, {"deepspeech2", 80}, {"yolov3", 50}};
    return names;
}

PolluxApplication loadPolluxApplication(const std::string& dir, const PolluxApplicationName& name)
{
    namespace fs = std::filesystem;
    PolluxApplication app;
    app.name = name.name;
    app.maxEpochs = name.maxEpochs;

    std::vector<std::pair<double, std::string>> validations;
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(dir, error)) {
        const std::string file = entry.path().filename().string();
        if (file.rfind("validation-", 0) != 0 || entry.path().extension() != ".csv")
            continue;
        const std::string digits = entry.path().stem().string().substr(11);
        double batch = 0;
        const auto [end, problem] = std::from_chars(digits.data(), digits.data() + digits.size(), batch);
        if (digits.empty() || problem != std::errc() || end != digits.data() + digits.size() || !(batch > 0))
            throw InputError::fileLevel(entry.path().string(), "a validation file is named validation-<batch size>.csv");
        validations.emplace_back(batch, entry.path().string());
    }
    if (error || validations.empty())
        throw InputError::fileLevel(dir, "no validation-<batch>.csv: not a Pollux application folder");
    std::sort(validations.begin(), validations.end());
    app.initBatchSize = validations.front().first;
    app.progress = kMaxValue;
    for (const auto& [batch, path] : validations)
        app.progress = std::min(app.progress, lastProgressAfter(path, app.maxEpochs));

    // placements.csv: placement,local_bsz,step_time,sync_time
    std::map<std::string, StepCurve> placements;
    const std::string placementsPath = (fs::path(dir) / "placements.csv").string();
    {
        LoadWarnings warnings;
        CsvReader reader(placementsPath, CsvReader::Options{.requiredColumns = {"placement", "local_bsz", "step_time"},
                                                            .optionalColumns = {"sync_time"}},
                         warnings);
        const int placement = reader.column("placement"), bsz = reader.column("local_bsz"),
                  step = reader.column("step_time");
        for (CsvReader::Row r; reader.next(r);) {
            const CsvField f(reader, r);
            placements[f.text(placement)][decimalField(f, bsz, kMaxValue)] = decimalField(f, step, kMaxValue);
        }
    }
    // scalability.csv: num_nodes,num_replicas,local_bsz,step_time,sync_time
    std::map<std::pair<long long, long long>, StepCurve> scalability;
    const std::string scalabilityPath = (fs::path(dir) / "scalability.csv").string();
    {
        LoadWarnings warnings;
        CsvReader reader(scalabilityPath,
                         CsvReader::Options{.requiredColumns = {"num_nodes", "num_replicas", "local_bsz", "step_time"},
                                            .optionalColumns = {"sync_time"}},
                         warnings);
        const int nodes = reader.column("num_nodes"), replicas = reader.column("num_replicas"),
                  bsz = reader.column("local_bsz"), step = reader.column("step_time");
        for (CsvReader::Row r; reader.next(r);) {
            const CsvField f(reader, r);
            scalability[{f.integer(nodes, 4096), f.integer(replicas, 4096)}][decimalField(f, bsz, kMaxValue)] =
                decimalField(f, step, kMaxValue);
        }
    }

    const double L = app.initBatchSize;
    const double single = stepTimeAt(placements["1"], L, placementsPath, "placement 1");
    if (!(single > 0))
        throw InputError::fileLevel(placementsPath, "placement 1 has no positive step time");
    app.sizeS = app.progress * single;

    std::vector<TabulatedSpeedup::Point> points{{1, 1}};
    auto add = [&](int k, double stepTime) {
        const auto& prev = points.back();
        const double ratio = prev.speedup / prev.gpus;
        double speedup = std::min(std::max(double(k) * single / stepTime, prev.speedup), ratio * k);
        while (speedup / k > ratio)  // ratio * k / k can round up by an ulp
            speedup = std::nextafter(speedup, 0.0);
        points.push_back({double(k), speedup});
    };
    for (int k = 2; k <= 16; ++k)
        add(k, stepTimeAt(placements[packedPlacement(k)], L, placementsPath, "placement " + packedPlacement(k)));
    for (int k : {24, 32, 48, 64}) {
        const auto found = scalability.find({(k + 3) / 4, k});
        if (found != scalability.end())
            add(k, stepTimeAt(found->second, L, scalabilityPath, fmt::format("{} GPUs", k)));
    }
    app.maxWidth = points.back().gpus;
    app.speedup = std::make_shared<TabulatedSpeedup>(std::move(points));
    return app;
}

std::vector<PolluxApplication> loadPolluxApplications(const std::string& tracesDir)
{
    std::vector<PolluxApplication> apps;
    for (const PolluxApplicationName& name : polluxApplicationNames())
        apps.push_back(loadPolluxApplication((std::filesystem::path(tracesDir) / name.name).string(), name));
    return apps;
}

}  // namespace tessera
