#include "io/InputError.h"

#include "util/PrintableText.h"

#include <fmt/format.h>

namespace tessera {

namespace {

constexpr size_t kMaxPathBytes = 400;

}  // namespace

InputError::InputError(std::string file, long line, std::string column, std::string problem,
                       std::string value, bool hasValue)
    : std::runtime_error(format(file, line, column, problem, value, hasValue))
    , file_(std::move(file))
    , line_(line)
    , column_(std::move(column))
    , problem_(std::move(problem))
{
}

InputError::InputError(std::string file, std::string location, std::string column, std::string problem,
                       std::optional<std::string> value, int)
    : std::runtime_error(format(file, location, column, problem, value))
    , file_(std::move(file))
    , line_(0)
    , column_(std::move(column))
    , problem_(std::move(problem))
{
}

InputError InputError::atRow(std::string file, std::string table, std::string row, std::string column,
                             std::string problem, std::optional<std::string> value)
{
    return InputError(std::move(file), fmt::format("table {}, row {}", table, row), std::move(column),
                      std::move(problem), std::move(value), 0);
}

InputError InputError::fileLevel(std::string file, std::string problem)
{
    return InputError(std::move(file), 1, {}, std::move(problem));
}

std::string InputError::format(const std::string& file, const std::string& location, const std::string& column,
                               const std::string& problem, const std::optional<std::string>& value)
{
    std::string text = fmt::format("{}: {}: ", printableExcerpt(file, kMaxPathBytes), location);
    if (!column.empty())
        text += fmt::format("column {}: ", printableExcerpt(column));
    text += printableText(problem);
    if (value)
        text += fmt::format(" (value \"{}\")", printableExcerpt(*value));
    return text;
}

std::string InputError::format(const std::string& file, long line, const std::string& column,
                               const std::string& problem, const std::string& value, bool hasValue)
{
    // Every part may come from the hostile file (its name, a header cell, a field): escaped
    // and cut, so the message stays one short, harmless line whatever the input.
    std::string text = fmt::format("{}:{}: ", printableExcerpt(file, kMaxPathBytes), line);
    if (!column.empty())
        text += fmt::format("column {}: ", printableExcerpt(column));
    text += printableText(problem);
    if (hasValue)
        text += fmt::format(" (value \"{}\")", printableExcerpt(value));
    return text;
}

}  // namespace tessera
