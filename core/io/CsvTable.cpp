#include "io/CsvTable.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <limits>
#include <optional>
#include <set>
#include <sstream>

#include <fmt/format.h>

namespace tessera {

namespace {

std::vector<std::string> splitFields(std::string_view line, char delimiter)
{
    // RFC 4180 quoting, which the traces never use but user files may.
    std::vector<std::string> fields;
    std::string current;
    bool quoted = false;
    for (size_t i = 0; i < line.size(); ++i) {
        char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                current += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                current += c;
            }
        } else if (c == '"' && current.empty()) {
            quoted = true;
        } else if (c == delimiter) {
            fields.push_back(std::move(current));
            current.clear();
        } else {
            current += c;
        }
    }
    fields.push_back(std::move(current));
    return fields;
}

// Progress is reported every this many lines: often enough for a responsive cancel, rarely
// enough to cost nothing.
constexpr long kLinesPerProgress = 4096;

bool listed(const std::vector<std::string>& names, const std::string& name)
{
    return std::find(names.begin(), names.end(), name) != names.end();
}

std::string readWhole(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError::fileLevel(path, "cannot open file");
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

}  // namespace

CsvTable CsvTable::read(const std::string& path, const Options& options, LoadWarnings& warnings,
                        const ProgressCallback& progress)
{
    CsvTable table;
    table.path_ = path;
    const std::string data = readWhole(path);
    if (data.empty())
        throw InputError::fileLevel(path, "file is empty");
    if (data.find('\0') != std::string::npos)
        throw InputError::fileLevel(path, "not a text file (it contains NUL bytes)");

    const bool endsWithNewline = data.back() == '\n';
    size_t pos = 0;
    long lineNo = 0;
    size_t expected = options.expectedFields;
    while (pos < data.size()) {
        size_t end = data.find('\n', pos);
        const bool last = end == std::string::npos;
        if (last)
            end = data.size();
        std::string_view line(data.data() + pos, end - pos);
        pos = end + 1;
        ++lineNo;
        if (progress && lineNo % kLinesPerProgress == 0 && !progress(double(pos) / double(data.size())))
            throw CancelledError();
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.empty() && (last || pos >= data.size()))
            break;  // trailing blank line

        auto fields = splitFields(line, options.delimiter);
        if (options.hasHeader && table.header_.empty()) {
            if (line.empty())
                throw InputError::fileLevel(path, "no header line");
            table.header_ = std::move(fields);
            expected = table.header_.size();
            if (!options.requiredColumns.empty())
                table.checkHeader(options.requiredColumns, options.optionalColumns);
            continue;
        }
        if (fields.size() != expected) {
            const bool interrupted = last && !endsWithNewline && fields.size() < expected;
            if (interrupted) {
                warnings.lines.push_back(fmt::format(
                    "{}:{}: final line has {} of {} fields and no newline: an interrupted write, skipped",
                    path, lineNo, fields.size(), expected));
                continue;
            }
            // The column named is the first one the row gets wrong: the first without a field,
            // or the first field with no column (by number, as it has no name).
            const bool tooMany = fields.size() > expected;
            const std::string column = !tooMany && fields.size() < table.header_.size()
                ? table.header_[fields.size()] : fmt::format("{}", std::min(fields.size(), expected) + 1);
            const InputError error(path, lineNo, column,
                                   fmt::format("too {} fields: {} where the header has {}", tooMany ? "many" : "few",
                                               fields.size(), expected),
                                   std::string(line), true);
            if (options.skipBadRows) {
                warnings.lines.push_back(std::string(error.what()) + ": row skipped");
                ++warnings.skippedRows;
                continue;
            }
            throw error;
        }
        table.rows_.push_back(Row{lineNo, std::move(fields)});
    }
    if (options.hasHeader && table.header_.empty())
        throw InputError::fileLevel(path, "no header line");
    return table;
}

int CsvTable::column(std::string_view name) const
{
    for (size_t i = 0; i < header_.size(); ++i)
        if (header_[i] == name)
            return static_cast<int>(i);
    return -1;
}

void CsvTable::checkHeader(const std::vector<std::string>& required, const std::vector<std::string>& optional) const
{
    const bool namesAnyColumn = std::any_of(header_.begin(), header_.end(), [&](const std::string& name) {
        return listed(required, name) || listed(optional, name);
    });
    for (const auto& name : required)
        if (!listed(header_, name))
            throw InputError(path_, 1, name,
                             namesAnyColumn ? "missing column"
                                            : "missing column: no header (the first line names no known column)");
    for (const auto& name : header_)
        if (!listed(required, name) && !listed(optional, name))
            throw InputError(path_, 1, name, "unknown column");
    std::set<std::string> seen;
    for (const auto& name : header_)
        if (!seen.insert(name).second)
            throw InputError(path_, 1, name, "duplicate column");
}

std::vector<int> CsvTable::columnIndices(const std::vector<std::string>& required,
                                         const std::vector<std::string>& optional) const
{
    checkHeader(required, optional);
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
    const std::string name = column >= 0 && size_t(column) < table_.header().size()
        ? table_.header()[size_t(column)] : fmt::format("{}", column + 1);
    throw InputError(table_.path(), row_.line, name, problem, text(column), true);
}

long long CsvField::integer(int column, long long max) const
{
    const std::string& s = text(column);
    long long value = 0;
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (s.empty())
        fail(column, "empty value");
    if (ec != std::errc() || ptr != s.data() + s.size())
        fail(column, "not a whole number");
    if (value < 0)
        fail(column, "negative number");
    if (value > max)
        fail(column, fmt::format("above the maximum of {}", max));
    return value;
}

std::optional<long long> CsvField::optionalInteger(int column) const
{
    if (column < 0 || text(column).empty())
        return std::nullopt;
    return integer(column, std::numeric_limits<long long>::max());
}

}  // namespace tessera
