#include "io/CsvReader.h"

#include "io/CsvRecord.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>

#include <fmt/format.h>

namespace tessera {

namespace {

constexpr size_t kChunkBytes = size_t(1) << 20;
// Progress is reported every this many lines: often enough for a responsive cancel, rarely
// enough to cost nothing.
constexpr long kLinesPerProgress = 4096;
constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

bool trimCarriageReturn(std::string& line)
{
    if (!line.empty() && line.back() == '\r')
        line.pop_back();
    return true;
}

bool listed(const std::vector<std::string>& names, const std::string& name)
{
    return std::find(names.begin(), names.end(), name) != names.end();
}

std::FILE* openFile(const std::string& path)
{
    std::error_code error;
    if (std::filesystem::is_directory(path, error))
        throw InputError::fileLevel(path, "is a directory, not a file");
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (!file)
        throw InputError::fileLevel(path, fmt::format("cannot open file: {}", std::strerror(errno)));
    return file;
}

}  // namespace

CsvReader::CsvReader(const std::string& path, const Options& options, LoadWarnings& warnings,
                     ProgressCallback progress)
    : path_(path)
    , options_(options)
    , warnings_(warnings)
    , progress_(std::move(progress))
    , file_(openFile(path), &std::fclose)
    , expected_(options.expectedFields)
{
    std::error_code error;
    if (std::filesystem::is_regular_file(path, error))
        fileSize_ = std::filesystem::file_size(path, error);
    fill();
    if (bytesRead_ == 0)
        throw InputError::fileLevel(path, "file is empty");
    if (std::string_view(buffer_).substr(0, kUtf8Bom.size()) == kUtf8Bom)
        position_ = kUtf8Bom.size();  // a BOM is how some editors mark UTF-8, not part of the header
    if (!options_.hasHeader)
        return;
    std::string line;
    bool terminated = false;
    if (!readLine(line, terminated) || line.empty())
        throw InputError::fileLevel(path, "no header line");
    lineNumber_ = 1;
    header_ = split(line);
    expected_ = header_.size();
    if (!options_.requiredColumns.empty())
        checkCsvHeader(path_, header_, options_.requiredColumns, options_.optionalColumns);
}

CsvReader::~CsvReader() = default;

bool CsvReader::fill()
{
    if (endOfFile_)
        return false;
    buffer_.erase(0, position_);
    position_ = 0;
    const size_t old = buffer_.size();
    buffer_.resize(old + kChunkBytes);
    const size_t got = std::fread(buffer_.data() + old, 1, kChunkBytes, file_.get());
    buffer_.resize(old + got);
    if (got < kChunkBytes) {
        if (std::ferror(file_.get()))
            throw InputError::fileLevel(path_, fmt::format("cannot read file: {}", std::strerror(errno)));
        endOfFile_ = true;
    }
    const std::string_view added(buffer_.data() + old, got);
    hash_.add(added);
    bytesRead_ += got;
    // Checked per chunk, so a huge binary (or sparse) file fails at its first megabyte.
    if (const size_t nul = added.find('\0'); nul != std::string_view::npos)
        throw InputError::fileLevel(path_, fmt::format("not a text file (a NUL byte at byte {})",
                                                       bytesRead_ - got + nul + 1));
    return got > 0;
}

bool CsvReader::readLine(std::string& line, bool& terminated)
{
    size_t scanned = 0;  // bytes after position_ known to hold no newline
    while (true) {
        const size_t newline = buffer_.find('\n', position_ + scanned);
        if (newline != std::string::npos) {
            if (newline - position_ > kMaxLineBytes)
                break;
            line.assign(buffer_, position_, newline - position_);
            position_ = newline + 1;
            terminated = true;
            return trimCarriageReturn(line);
        }
        scanned = buffer_.size() - position_;
        if (scanned > kMaxLineBytes)
            break;
        if (!fill()) {  // fill() moves the unread bytes to the front: position_ is 0 after it
            if (position_ >= buffer_.size())
                return false;
            line.assign(buffer_, position_);
            position_ = buffer_.size();
            terminated = false;
            return trimCarriageReturn(line);
        }
    }
    throw InputError(path_, lineNumber_ + 1, {},
                     fmt::format("line is longer than {} bytes: not a CSV file", kMaxLineBytes));
}

std::vector<std::string> CsvReader::split(std::string_view line) const
{
    // RFC 4180 quoting, which the traces never use but user files may.
    CsvRecord record = CsvRecord::split(line, options_.delimiter);
    if (!record.fault.empty())
        throw InputError(path_, lineNumber_, columnName(record.fields.size()), record.fault, std::string(line), true);
    return std::move(record.fields);
}

bool CsvReader::next(Row& row)
{
    std::string line;
    bool terminated = false;
    while (readLine(line, terminated)) {
        ++lineNumber_;
        if (progress_ && ++linesSinceProgress_ >= kLinesPerProgress) {
            linesSinceProgress_ = 0;
            if (!progress_(fileSize_ > 0 ? std::min(1.0, double(bytesRead_) / double(fileSize_)) : 0.0))
                throw CancelledError();
        }
        const bool last = position_ >= buffer_.size() && !fill();
        if (line.empty() && last)
            break;  // a trailing blank line
        if (line.empty() && expected_ > 1) {
            // Said as what it is rather than as a row of one empty field ("too few fields: 1").
            const InputError error(path_, lineNumber_, "",
                                   fmt::format("blank line: every row needs {} fields", expected_));
            if (!options_.skipBadRows)
                throw error;
            warnings_.lines.push_back(std::string(error.what()) + ": row skipped");
            ++warnings_.skippedRows;
            continue;
        }
        std::vector<std::string> fields;
        try {
            fields = split(line);
        } catch (const InputError& e) {
            if (!options_.skipBadRows)
                throw;
            warnings_.lines.push_back(std::string(e.what()) + ": row skipped");
            ++warnings_.skippedRows;
            continue;
        }
        if (fields.size() != expected_) {
            if (last && !terminated && fields.size() < expected_) {
                warnings_.lines.push_back(fmt::format(
                    "{}:{}: final line has {} of {} fields and no newline: an interrupted write, skipped", path_,
                    lineNumber_, fields.size(), expected_));
                continue;
            }
            // The column named is the first one the row gets wrong: the first without a field,
            // or the first field with no column (by number, as it has no name).
            const bool tooMany = fields.size() > expected_;
            const InputError error(path_, lineNumber_, columnName(std::min(fields.size(), expected_)),
                                   fmt::format("too {} fields: {} where {} {}", tooMany ? "many" : "few", fields.size(),
                                               options_.hasHeader ? "the header has" : "every row needs", expected_),
                                   line, true);
            if (!options_.skipBadRows)
                throw error;
            warnings_.lines.push_back(std::string(error.what()) + ": row skipped");
            ++warnings_.skippedRows;
            continue;
        }
        row.line = lineNumber_;
        row.fields = std::move(fields);
        return true;
    }
    return false;
}

int findColumn(const std::vector<std::string>& header, std::string_view name)
{
    for (size_t i = 0; i < header.size(); ++i)
        if (header[i] == name)
            return static_cast<int>(i);
    return -1;
}

int CsvReader::column(std::string_view name) const
{
    return findColumn(header_, name);
}

std::string csvColumnName(const std::vector<std::string>& header, size_t index)
{
    if (index < header.size() && !header[index].empty())
        return header[index];
    return fmt::format("{}", index + 1);
}

std::string CsvReader::columnName(size_t index) const
{
    return csvColumnName(header_, index);
}

void checkCsvHeader(const std::string& path, const std::vector<std::string>& header,
                    const std::vector<std::string>& required, const std::vector<std::string>& optional)
{
    const bool namesAnyColumn = std::any_of(header.begin(), header.end(), [&](const std::string& name) {
        return listed(required, name) || listed(optional, name);
    });
    for (const auto& name : required)
        if (!listed(header, name))
            throw InputError(path, 1, name,
                             namesAnyColumn ? "missing column"
                                            : "missing column: no header (the first line names no known column)");
    for (size_t i = 0; i < header.size(); ++i)
        if (!listed(required, header[i]) && !listed(optional, header[i]))
            throw InputError(path, 1, csvColumnName(header, i),
                             header[i].empty() ? "unknown column: the header cell is empty (a trailing comma?)"
                                                : "unknown column");
    std::set<std::string> seen;
    for (const auto& name : header)
        if (!seen.insert(name).second)
            throw InputError(path, 1, name, "duplicate column");
}

std::vector<int> CsvReader::columnIndices(const std::vector<std::string>& required,
                                          const std::vector<std::string>& optional) const
{
    std::vector<int> index;
    for (const auto& name : required)
        index.push_back(column(name));
    for (const auto& name : optional)
        index.push_back(column(name));
    return index;
}

std::string CsvReader::contentHash()
{
    if (!endOfFile_ || position_ < buffer_.size())
        throw std::logic_error("CsvReader::contentHash before the end of the file");
    if (hashHex_.empty())
        hashHex_ = hash_.hex();
    return hashHex_;
}

}  // namespace tessera
