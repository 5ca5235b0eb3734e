#pragma once

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tessera {

// A malformed input (contracts.md section 4). what() is the one-line text the CLI prints
// and the app shows: `FILE:LINE: column NAME: problem (value "...")`.
class InputError : public std::runtime_error {
public:
    InputError(std::string file, long line, std::string column, std::string problem,
               std::string value = {}, bool hasValue = false);

    static InputError fileLevel(std::string file, std::string problem);
    // A bad value in a database table (a study): `FILE: table T, row R: column C: problem`.
    static InputError atRow(std::string file, std::string table, std::string row, std::string column,
                            std::string problem, std::optional<std::string> value = std::nullopt);

    const std::string& file() const { return file_; }
    long line() const { return line_; }
    const std::string& column() const { return column_; }
    const std::string& problem() const { return problem_; }

private:
    InputError(std::string file, std::string location, std::string column, std::string problem,
               std::optional<std::string> value, int);
    static std::string format(const std::string& file, const std::string& location, const std::string& column,
                              const std::string& problem, const std::optional<std::string>& value);
    static std::string format(const std::string& file, long line, const std::string& column,
                              const std::string& problem, const std::string& value, bool hasValue);
    std::string file_;
    long line_;
    std::string column_;
    std::string problem_;
};

// What a load noticed but did not fail on: an interrupted final line, or rows skipped
// under --skip-bad-rows. Each entry is a full `FILE:LINE: ...` line.
struct LoadWarnings {
    std::vector<std::string> lines;
    int skippedRows = 0;
    // Path -> SHA-256 of the bytes a loader read from it: a study records the hash of exactly
    // what was loaded, without reading the file a second time (which a FIFO cannot give).
    std::map<std::string, std::string> contentHashes;
};

}  // namespace tessera
