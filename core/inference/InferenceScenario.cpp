#include "inference/InferenceScenario.h"

#include "io/CsvTable.h"

#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

namespace {

const std::vector<std::string> kRequired{"model", "from_s", "to_s", "rate_rps", "slo_ms"};
const std::vector<std::string> kOptional{"size_sigma"};
enum Column { Model, From, To, Rate, Slo, Sigma };

// A finite decimal number from 0 to max.
double numberField(const CsvField& f, int column, double max)
{
    const std::string& text = f.text(column);
    if (text.empty())
        f.fail(column, "empty value");
    double value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec == std::errc::result_out_of_range && ptr == text.data() + text.size())
        f.fail(column, text.front() == '-' ? "negative number" : fmt::format("above the maximum of {}", max));
    if (ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(value))
        f.fail(column, "not a number");
    if (value < 0 || (value == 0 && text.front() == '-'))
        f.fail(column, "negative number");
    if (value > max)
        f.fail(column, fmt::format("above the maximum of {}", max));
    return value;
}

bool modelCharacter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'
        || c == '.';
}

// What the loader remembers of each model while reading its rows.
struct ModelRows {
    size_t service = 0;
    long firstLine = 0;
    long lastLine = 0;
    size_t lastRow = 0;  // index in the table
    double endS = 0;
    std::map<double, long> lineOfFrom;  // for a duplicate row's message
};

// slo_ms or size_sigma on a model's later row: empty repeats the first row's value; any other
// value must equal it (a service has one SLO and one size distribution).
void checkRepeated(const CsvField& f, int column, double firstValue, double max, long firstLine)
{
    if (column < 0 || f.text(column).empty())
        return;
    if (numberField(f, column, max) != firstValue)
        f.fail(column, fmt::format("differs from line {} ({}): a model has one value for the whole scenario",
                                   firstLine, firstValue));
}

}  // namespace

InferenceScenario loadScenario(const std::string& path)
{
    LoadWarnings warnings;
    return loadScenario(path, warnings);
}

InferenceScenario loadScenario(const std::string& path, LoadWarnings& warnings)
{
    CsvTable::Options options;
    options.requiredColumns = kRequired;
    options.optionalColumns = kOptional;
    const CsvTable table = CsvTable::read(path, options, warnings);
    const auto col = table.columnIndices(kRequired, kOptional);

    InferenceScenario scenario;
    scenario.name = std::filesystem::path(path).stem().string();
    std::map<std::string, ModelRows> models;
    for (size_t r = 0; r < table.rows().size(); ++r) {
        const auto& row = table.rows()[r];
        const CsvField f(table, row);
        const std::string& model = f.text(col[Model]);
        if (model.empty())
            f.fail(col[Model], "empty value");
        if (model.size() > ScenarioLimits::kMaxModelNameBytes)
            f.fail(col[Model], fmt::format("longer than {} bytes", ScenarioLimits::kMaxModelNameBytes));
        for (char c : model)
            if (!modelCharacter(c))
                f.fail(col[Model], "a model name has only letters, digits, '_', '-' and '.'");
        const double from = numberField(f, col[From], ScenarioLimits::kMaxTimeS);
        const double to = numberField(f, col[To], ScenarioLimits::kMaxTimeS);
        const double rate = numberField(f, col[Rate], ScenarioLimits::kMaxRateRps);
        if (to <= from)
            f.fail(col[To], fmt::format("ends at or before its start (from_s {})", from));

        auto found = models.find(model);
        if (found == models.end()) {
            if (models.size() == ScenarioLimits::kMaxServices)
                f.fail(col[Model], fmt::format("more than {} models", ScenarioLimits::kMaxServices));
            if (from != 0)
                f.fail(col[From], "a model's first row must start at 0");
            ServiceSpec service;
            service.model = model;
            if (f.text(col[Slo]).empty())
                f.fail(col[Slo], "empty value: a model's first row gives its SLO");
            service.sloMs = numberField(f, col[Slo], ScenarioLimits::kMaxSloMs);
            if (service.sloMs <= 0)
                f.fail(col[Slo], "an SLO must be above 0 ms");
            if (col[Sigma] >= 0 && !f.text(col[Sigma]).empty())
                service.sizeSigma = numberField(f, col[Sigma], ScenarioLimits::kMaxSizeSigma);
            found = models.emplace(model, ModelRows{scenario.services.size(), row.line, row.line, r, 0, {}}).first;
            scenario.services.push_back(std::move(service));
        } else {
            ModelRows& rows = found->second;
            if (const auto same = rows.lineOfFrom.find(from); same != rows.lineOfFrom.end())
                f.fail(col[From], fmt::format("duplicate row: model {} from {} s is already at line {}", model, from,
                                              same->second));
            if (from < rows.endS)
                f.fail(col[From], fmt::format("times go backwards: line {} of model {} already runs to {} s "
                                              "(a model's rows are in time order)",
                                              rows.lastLine, model, rows.endS));
            if (from > rows.endS)
                f.fail(col[From], fmt::format("a gap: line {} of model {} ends at {} s (each row starts where the "
                                              "model's previous row ends)",
                                              rows.lastLine, model, rows.endS));
            const ServiceSpec& service = scenario.services[rows.service];
            checkRepeated(f, col[Slo], service.sloMs, ScenarioLimits::kMaxSloMs, rows.firstLine);
            checkRepeated(f, col[Sigma], service.sizeSigma, ScenarioLimits::kMaxSizeSigma, rows.firstLine);
        }
        ModelRows& rows = found->second;
        rows.lineOfFrom.emplace(from, row.line);
        rows.lastLine = row.line;
        rows.lastRow = r;
        rows.endS = to;
        scenario.services[rows.service].rates.push_back({from, rate});
    }
    if (scenario.services.empty())
        throw InputError::fileLevel(path, "no rows: a scenario needs at least one model");

    // Every model runs for the whole scenario: the first model's end is the duration.
    const ModelRows& first = models.at(scenario.services.front().model);
    scenario.durationS = first.endS;
    for (const auto& service : scenario.services) {
        const ModelRows& rows = models.at(service.model);
        if (rows.endS != scenario.durationS) {
            CsvField(table, table.rows()[rows.lastRow])
                .fail(col[To], fmt::format("model {} ends at {} s but model {} ends at {} s (line {}): every model "
                                           "runs to the scenario's end",
                                           service.model, rows.endS, scenario.services.front().model,
                                           scenario.durationS, first.lastLine));
        }
    }
    return scenario;
}

void writeScenario(std::ostream& out, const InferenceScenario& scenario)
{
    out << "model,from_s,to_s,rate_rps,slo_ms,size_sigma\n";
    for (const auto& service : scenario.services)
        for (size_t i = 0; i < service.rates.size(); ++i) {
            const double to = i + 1 < service.rates.size() ? service.rates[i + 1].fromS : scenario.durationS;
            out << fmt::format("{},{},{},{},{},{}\n", service.model, service.rates[i].fromS, to,
                               service.rates[i].rateRps, service.sloMs, service.sizeSigma);
        }
}

void writeScenario(const std::string& path, const InferenceScenario& scenario)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (out)
        writeScenario(out, scenario);
    if (!out || !out.flush())
        throw std::runtime_error(fmt::format("cannot write {}", path));
}

const std::vector<std::string>& parvaGpuModelNames()
{
    static const std::vector<std::string> names{"bert",        "densenet121", "densenet169", "densenet201",
                                                "inceptionv3", "mobilenetv2", "resnet101",   "resnet152",
                                                "resnet50",    "vgg16",       "vgg19"};
    return names;
}

}  // namespace tessera
