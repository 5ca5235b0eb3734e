#include "store/StoredRow.h"

#include <cmath>

#include <fmt/format.h>

namespace tessera {

std::string StoredRow::valueText(int column) const
{
    switch (statement_.type(column)) {
    case sqlite::Statement::Type::Null:
        return "NULL";
    case sqlite::Statement::Type::Blob:
        return "a blob";
    default:
        return statement_.text(column);
    }
}

void StoredRow::fail(std::string_view name, const std::string& problem) const
{
    throw InputError::atRow(study_, std::string(table_), row_, std::string(name), problem);
}

void StoredRow::fail(std::string_view name, const std::string& problem, const std::string& value) const
{
    throw InputError::atRow(study_, std::string(table_), row_, std::string(name), problem, value);
}

int64_t StoredRow::integer(int column, std::string_view name, int64_t min, int64_t max) const
{
    if (statement_.type(column) != sqlite::Statement::Type::Integer)
        fail(name, "not an integer", valueText(column));
    const int64_t value = statement_.integer(column);
    if (value < min || value > max)
        fail(name, fmt::format("outside {} to {}", min, max), valueText(column));
    return value;
}

std::optional<int64_t> StoredRow::optionalInteger(int column, std::string_view name, int64_t min, int64_t max) const
{
    if (statement_.isNull(column))
        return std::nullopt;
    return integer(column, name, min, max);
}

double StoredRow::real(int column, std::string_view name, double min, double max) const
{
    const auto type = statement_.type(column);
    if (type != sqlite::Statement::Type::Real && type != sqlite::Statement::Type::Integer)
        fail(name, "not a number", valueText(column));
    const double value = statement_.real(column);
    if (!std::isfinite(value) || value < min || value > max)
        fail(name, fmt::format("outside {} to {}", min, max), valueText(column));
    return value;
}

std::string StoredRow::text(int column, std::string_view name) const
{
    if (statement_.type(column) != sqlite::Statement::Type::Text)
        fail(name, "not text", valueText(column));
    return statement_.text(column);
}

}  // namespace tessera
