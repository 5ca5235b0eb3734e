#pragma once

#include "io/CsvReader.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tessera {

// A small delimited text file read whole: header and rows, each row remembering its line.
// For files of statistics and settings; trace files are streamed row by row (CsvReader).
class CsvTable {
public:
    using Row = CsvReader::Row;
    using Options = CsvReader::Options;

    // Throws what CsvReader throws.
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
    std::string path_;
    std::vector<std::string> header_;
    std::vector<Row> rows_;
};

// Typed access to the fields of one row, raising InputError with file, line and column.
class CsvField {
public:
    CsvField(const std::string& path, const std::vector<std::string>& header, const CsvReader::Row& row)
        : path_(path), header_(header), row_(row)
    {
    }
    CsvField(const CsvTable& table, const CsvReader::Row& row) : CsvField(table.path(), table.header(), row) {}
    CsvField(const CsvReader& reader, const CsvReader::Row& row) : CsvField(reader.path(), reader.header(), row) {}

    const std::string& text(int column) const;
    long long integer(int column, long long max) const;           // >= 0 and <= max
    std::optional<long long> optionalInteger(int column, long long max) const;  // empty -> nullopt
    [[noreturn]] void fail(int column, const std::string& problem) const;

private:
    const std::string& path_;
    const std::vector<std::string>& header_;
    const CsvReader::Row& row_;
};

}  // namespace tessera
