#include "io/CsvTable.h"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

namespace tessera {

CsvTable CsvTable::read(const std::string& path, const Options& options, LoadWarnings& warnings,
                        const ProgressCallback& progress)
{
    CsvReader reader(path, options, warnings, progress);
    CsvTable table;
    table.path_ = path;
    table.header_ = reader.header();
    for (Row row; reader.next(row);)
        table.rows_.push_back(std::move(row));
    return table;
}

int CsvTable::column(std::string_view name) const
{
    return findColumn(header_, name);
}

std::vector<int> CsvTable::columnIndices(const std::vector<std::string>& required,
                                         const std::vector<std::string>& optional) const
{
    checkCsvHeader(path_, header_, required, optional);
    std::vector<int> index;
    for (const auto& name : required)
        index.push_back(column(name));
    for (const auto& name : optional)
        index.push_back(column(name));
    return index;
}

const std::string& CsvField::text(int column) const
{
    return row_.fields.at(static_cast<size_t>(column));
}

void CsvField::fail(int column, const std::string& problem) const
{
    throw InputError(path_, row_.line, csvColumnName(header_, size_t(column)), problem, text(column), true);
}

long long CsvField::integer(int column, long long max) const
{
    const std::string& s = text(column);
    long long value = 0;
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (s.empty())
        fail(column, "empty value");
    if (ec == std::errc::result_out_of_range && ptr == s.data() + s.size())
        fail(column, s.front() == '-' ? "negative number" : fmt::format("above the maximum of {}", max));
    if (ec != std::errc() || ptr != s.data() + s.size())
        fail(column, "not a whole number");
    if (value < 0)
        fail(column, "negative number");
    if (value > max)
        fail(column, fmt::format("above the maximum of {}", max));
    return value;
}

std::optional<long long> CsvField::optionalInteger(int column, long long max) const
{
    if (column < 0 || text(column).empty())
        return std::nullopt;
    return integer(column, max);
}

}  // namespace tessera
