#include "training/VariabilityTableFile.h"

#include "io/DecimalField.h"
#include "io/CsvReader.h"
#include "io/CsvTable.h"

#include <fmt/format.h>

namespace tessera {

namespace {
constexpr double kMaxScore = 1000;
constexpr long long kMaxGpus = 1 << 20;
const std::vector<std::string> kRequired{"GPU_ID", "PerfVar_classA", "PerfVar_classB", "PerfVar_classC",
                                         "PerfVar_classD"};
const std::vector<std::string> kOptional{"Node_ID", "GPU_UUID", "Local_GPU_ID", "IP_addr", "IN_USE", "JOB_IDS"};
}  // namespace


VariabilityTable loadVariabilityTable(const std::string& path)
{
    LoadWarnings warnings;
    CsvReader reader(path, CsvReader::Options{}, warnings);
    // pandas' index column: an empty first header cell, ignored.
    std::vector<std::string> named = reader.header();
    if (!named.empty() && named.front().empty())
        named.erase(named.begin());
    checkCsvHeader(path, named, kRequired, kOptional);
    const int gpuColumn = reader.column("GPU_ID");
    std::array<int, kJobClassCount> scoreColumns{};
    for (JobClass c : kJobClasses)
        scoreColumns[size_t(c)] = reader.column(fmt::format("PerfVar_class{}", jobClassLetter(c)));

    VariabilityTable table;
    for (CsvReader::Row row; reader.next(row);) {
        const CsvField f(reader, row);
        const long long gpu = f.integer(gpuColumn, kMaxGpus);
        if (gpu != table.gpuCount())
            f.fail(gpuColumn, fmt::format("GPU ids run 0, 1, 2, ... in order: expected {}", table.gpuCount()));
        std::array<double, kJobClassCount> scores{};
        for (JobClass c : kJobClasses) {
            const int column = scoreColumns[size_t(c)];
            scores[size_t(c)] = decimalField(f, column, kMaxScore);
            if (scores[size_t(c)] == 0)
                f.fail(column, "a variability score must be above 0");
        }
        table.scores.push_back(scores);
    }
    if (table.scores.empty())
        throw InputError::fileLevel(path, "no rows: a variability table needs at least one GPU");
    return table;
}

}  // namespace tessera
