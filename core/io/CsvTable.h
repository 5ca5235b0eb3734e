#pragma once

#include "io/InputError.h"
#include "sim/Progress.h"

#include <string>
#include <optional>
#include <string_view>
#include <vector>

namespace tessera {

// A delimited text file split into header and rows, each row remembering its line.
// It checks only the framing (text, header, field counts); loaders check the values.
class CsvTable {
public:
    struct Row {
        long line = 0;
        std::vector<std::string> fields;
    };

    struct Options {
        char delimiter = ',';
        bool hasHeader = true;
        size_t expectedFields = 0;  // without a header: the field count every row needs
        bool skipBadRows = false;
        // With a header: the columns it must and may name, checked (as columnIndices does)
        // as soon as line 1 is read, so that a wrong header is reported before any row.
        std::vector<std::string> requiredColumns;
        std::vector<std::string> optionalColumns;
    };

    // Throws InputError for an unreadable, empty or binary file, a missing or wrong header,
    // or a row with the wrong field count (unless skipBadRows). A final line with no newline
    // and too few fields is an interrupted write: skipped, with a warning. `progress` gets
    // the share of bytes split so far; returning false throws CancelledError.
    static CsvTable read(const std::string& path, const Options& options, LoadWarnings& warnings,
                         const ProgressCallback& progress = {});

    const std::string& path() const { return path_; }
    const std::vector<std::string>& header() const { return header_; }
    const std::vector<Row>& rows() const { return rows_; }
    // Index of a header column, or -1.
    int column(std::string_view name) const;
    // Indices of the required columns, then of the optional ones (-1 when absent). A missing
    // required column, a column in neither list or a repeated column is an InputError.
    std::vector<int> columnIndices(const std::vector<std::string>& required,
                                   const std::vector<std::string>& optional) const;

private:
    // Throws InputError at line 1 for a missing, unknown or repeated column, or for a first
    // line that names no known column at all (no header: the file starts with data).
    void checkHeader(const std::vector<std::string>& required, const std::vector<std::string>& optional) const;

    std::string path_;
    std::vector<std::string> header_;
    std::vector<Row> rows_;
};

// Typed access to the fields of one row, raising InputError with file, line and column.
class CsvField {
public:
    CsvField(const CsvTable& table, const CsvTable::Row& row) : table_(table), row_(row) {}

    const std::string& text(int column) const;
    long long integer(int column, long long max) const;           // >= 0 and <= max
    std::optional<long long> optionalInteger(int column) const;   // empty -> nullopt
    [[noreturn]] void fail(int column, const std::string& problem) const;

private:
    const CsvTable& table_;
    const CsvTable::Row& row_;
};

}  // namespace tessera
