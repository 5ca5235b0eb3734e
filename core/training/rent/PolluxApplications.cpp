#include "training/rent/PolluxApplications.h"

#include "io/CsvReader.h"
#include "io/CsvTable.h"
#include "io/DecimalField.h"
#include "io/InputError.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>

#include <fmt/format.h>

namespace tessera {

namespace {

constexpr double kMaxValue = 1e12;

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

    const std::vector<PolluxMeasurement> rows = loadPolluxProfile(dir);
    app.sizeS = app.progress * polluxStepTime(rows, 1, app.initBatchSize);
    app.speedup = polluxSpeedup(rows);
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
