#include "inference/ParvaScenario.h"

#include "inference/SloTable.h"

#include <fmt/format.h>

#include <charconv>
#include <stdexcept>

namespace tessera {
namespace {

int parseRow(std::string_view text, size_t rowCount, std::string_view whole)
{
    int row = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), row);
    if (error != std::errc() || end != text.data() + text.size() || row < 1 || static_cast<size_t>(row) > rowCount)
        throw std::invalid_argument(
            fmt::format("SLO row \"{}\" in \"{}\" is not a row number 1-{}", text, whole, rowCount));
    return row;
}

}  // namespace

SloRowSelection parseSloRows(std::string_view text, size_t rowCount)
{
    SloRowSelection selection;
    const size_t colon = text.find(':');
    selection.row = parseRow(text.substr(0, colon), rowCount, text);
    if (colon == std::string_view::npos)
        return selection;
    const std::string_view rest = text.substr(colon + 1);
    const size_t at = rest.find('@');
    if (at == std::string_view::npos)
        throw std::invalid_argument(fmt::format("\"{}\" must be N or N:M@T (T in seconds)", text));
    selection.switchRow = parseRow(rest.substr(0, at), rowCount, text);
    const std::string_view when = rest.substr(at + 1);
    const auto [end, error] = std::from_chars(when.data(), when.data() + when.size(), selection.switchAtS);
    if (error != std::errc() || end != when.data() + when.size() || !(selection.switchAtS > 0) ||
        selection.switchAtS > 1e7)
        throw std::invalid_argument(fmt::format("the switch time \"{}\" in \"{}\" must be seconds in (0, 1e7]", when, text));
    return selection;
}

InferenceScenario parvaScenario(const SloTable& table, const SloRowSelection& rows, double durationS)
{
    InferenceScenario scenario;
    scenario.name = rows.switchRow ? fmt::format("SLO row {} to {} at {:g} s", rows.row, rows.switchRow, rows.switchAtS)
                                   : fmt::format("SLO row {}", rows.row);
    scenario.durationS = durationS;
    const size_t first = static_cast<size_t>(rows.row - 1);
    for (size_t m = 0; m < table.models.size(); ++m) {
        const auto& rate = table.ratesRps[first][m];
        const auto& slo = table.latencySloMs[first][m];
        std::optional<double> laterRate, laterSlo;
        if (rows.switchRow) {
            laterRate = table.ratesRps[rows.switchRow - 1][m];
            laterSlo = table.latencySloMs[rows.switchRow - 1][m];
        }
        if (!rate && !laterRate)
            continue;
        ServiceSpec service;
        service.model = table.models[m];
        service.sloMs = slo ? *slo : *laterSlo;
        service.rates.push_back({0, rate.value_or(0)});
        if (rows.switchRow)
            service.rates.push_back({rows.switchAtS, laterRate.value_or(0)});
        scenario.services.push_back(std::move(service));
    }
    return scenario;
}

}  // namespace tessera
