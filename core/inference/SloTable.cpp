#include "inference/SloTable.h"

#include "io/DecimalField.h"
#include "inference/ProfileLimits.h"
#include "io/CsvTable.h"

#include <cmath>
#include <filesystem>

#include <fmt/format.h>

namespace tessera {

namespace {

using Grid = std::vector<std::vector<std::optional<double>>>;

struct SloFile {
    std::string path;
    Grid values;
    std::vector<long> lines;  // the file line of each row, for errors across the two files
};

SloFile readGrid(const std::string& path, const std::vector<std::string>& models, double max, LoadWarnings& warnings)
{
    CsvReader::Options options;
    options.hasHeader = false;
    options.expectedFields = models.size();
    CsvReader reader(path, options, warnings);
    SloFile file;
    file.path = path;
    for (CsvReader::Row row; reader.next(row);) {
        if (file.values.size() >= ProfileLimits::kMaxSloRows)
            throw InputError(path, row.line, {}, fmt::format("more than {} rows", ProfileLimits::kMaxSloRows));
        // The models stand in for the missing header, so an error names the model's column.
        const CsvField f(path, models, row);
        std::vector<std::optional<double>> values;
        for (int c = 0; c < int(models.size()); ++c) {
            if (f.text(c) == "N/A") {
                values.push_back(std::nullopt);
                continue;
            }
            const double whole = std::trunc(decimalField(f, c, max));
            if (whole < 1)
                f.fail(c, "below 1 (read as an integer, as the reference does, it would mean absent; write N/A)");
            values.push_back(whole);
        }
        file.values.push_back(std::move(values));
        file.lines.push_back(row.line);
    }
    warnings.contentHashes[path] = reader.contentHash();
    if (file.values.empty())
        throw InputError::fileLevel(path, "no rows (one row per scenario)");
    return file;
}

}  // namespace

SloTable SloTable::load(const std::string& sloDir, const std::vector<std::string>& models)
{
    if (models.empty())
        throw InputError::fileLevel(sloDir, "no models to read SLOs for (the profile folder names them)");
    const std::string ratePath = (std::filesystem::path(sloDir) / "SLO_req_rate.csv").string();
    const std::string latencyPath = (std::filesystem::path(sloDir) / "SLO_latency.csv").string();
    SloTable table;
    table.models = models;
    const SloFile rates = readGrid(ratePath, models, ProfileLimits::kMaxRateRps, table.warnings);
    const SloFile latencies = readGrid(latencyPath, models, ProfileLimits::kMaxSloMs, table.warnings);
    if (rates.values.size() != latencies.values.size()) {
        const bool latencyShort = latencies.values.size() < rates.values.size();
        throw InputError::fileLevel(latencyShort ? latencyPath : ratePath,
                                    fmt::format("{} rows where {} has {} (one row per scenario in both)",
                                                std::min(rates.values.size(), latencies.values.size()),
                                                latencyShort ? ratePath : latencyPath,
                                                std::max(rates.values.size(), latencies.values.size())));
    }
    for (size_t r = 0; r < rates.values.size(); ++r)
        for (size_t m = 0; m < models.size(); ++m)
            if (rates.values[r][m].has_value() != latencies.values[r][m].has_value()) {
                const SloFile& na = rates.values[r][m] ? latencies : rates;
                const SloFile& other = rates.values[r][m] ? rates : latencies;
                throw InputError(na.path, na.lines[r], models[m],
                                 fmt::format("N/A here but a value in {} (a model is absent from both files or neither)",
                                             other.path),
                                 "N/A", true);
            }
    table.ratesRps = rates.values;
    table.latencySloMs = latencies.values;
    return table;
}

}  // namespace tessera
