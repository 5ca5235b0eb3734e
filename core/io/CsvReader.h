#pragma once

#include "io/InputError.h"
#include "io/ContentHash.h"
#include "util/Progress.h"

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tessera {

// Throws InputError at line 1 of `path` for a missing, unknown (an empty cell named by its
// position) or repeated column, or for a first line that names no known column at all.
void checkCsvHeader(const std::string& path, const std::vector<std::string>& header,
                    const std::vector<std::string>& required, const std::vector<std::string>& optional);

// Column `index` named for messages: its header cell, or its 1-based number when there is
// none or the cell is empty.
std::string csvColumnName(const std::vector<std::string>& header, size_t index);

// Index of `name` in a header, or -1.
int findColumn(const std::vector<std::string>& header, std::string_view name);

// Reads a delimited text file one row at a time, so memory stays bounded by one line however
// large (or hostile) the file is. It checks only the framing: text, header, quoting, field
// counts; loaders check the values. Every byte read goes into a SHA-256, so the hash a study
// records is that of exactly the bytes loaded (a FIFO or a file that changes is read once).
class CsvReader {
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
        // With a header: the columns it must and may name, checked as soon as line 1 is read,
        // so that a wrong header is reported before any row.
        std::vector<std::string> requiredColumns;
        std::vector<std::string> optionalColumns;
    };

    // A line longer than this is an input error rather than a reason to buffer gigabytes.
    static constexpr size_t kMaxLineBytes = size_t(1) << 20;

    // Opens the file and reads its header. Throws InputError for a directory, an unreadable,
    // empty or binary file, or a missing or wrong header.
    CsvReader(const std::string& path, const Options& options, LoadWarnings& warnings,
              ProgressCallback progress = {});
    ~CsvReader();
    CsvReader(const CsvReader&) = delete;
    CsvReader& operator=(const CsvReader&) = delete;

    // The next row, or false at the end of the file. Throws InputError for bad quoting, a blank
    // line before the last or a wrong field count (unless skipBadRows); a final line with no
    // newline and too few fields is an interrupted write: skipped, with a warning. Progress gets the share of bytes read;
    // when it returns false, CancelledError is thrown.
    bool next(Row& row);

    const std::string& path() const { return path_; }
    const std::vector<std::string>& header() const { return header_; }
    // Index of a header column, or -1.
    int column(std::string_view name) const;
    // Indices of the required columns, then of the optional ones (-1 when absent).
    std::vector<int> columnIndices(const std::vector<std::string>& required,
                                   const std::vector<std::string>& optional) const;
    // The name of column `index` for messages: its header cell, or its 1-based number when
    // there is none or the cell is empty.
    std::string columnName(size_t index) const;
    // SHA-256 of every byte of the file; valid once next() has returned false.
    std::string contentHash();

private:
    // The next physical line without its terminator; false at the end of the file.
    bool readLine(std::string& line, bool& terminated);
    bool fill();
    // Splits one line, RFC 4180 style; throws InputError for a stray or unclosed quote.
    std::vector<std::string> split(std::string_view line) const;

    std::string path_;
    Options options_;
    LoadWarnings& warnings_;
    ProgressCallback progress_;
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file_;
    std::string buffer_;
    size_t position_ = 0;   // next unread byte of buffer_
    bool endOfFile_ = false;
    uint64_t bytesRead_ = 0;
    uint64_t fileSize_ = 0;  // 0 when unknown (a pipe)
    long lineNumber_ = 0;
    long linesSinceProgress_ = 0;
    size_t expected_ = 0;
    ContentHash hash_;
    std::string hashHex_;
    std::vector<std::string> header_;
};

}  // namespace tessera
