#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tessera::cli {

// `--flag value` and `--switch` arguments of one subcommand. Unknown flags, a missing value
// and positional arguments are usage errors (tessera::UsageError).
class CommandLine {
public:
    CommandLine(int argc, char** argv, int first, const std::vector<std::string>& valueFlags,
                const std::vector<std::string>& switches);

    bool has(const std::string& flag) const { return values_.count(flag) > 0; }
    std::string value(const std::string& flag, const std::string& fallback = {}) const;
    std::vector<std::string> values(const std::string& flag) const;
    std::string required(const std::string& flag) const;

    long long integer(const std::string& flag, long long fallback, long long min, long long max) const;
    double number(const std::string& flag, double fallback, double min, double max) const;
    // A seed the user must give (the generators: the same seed, the same file): 0 .. 2^63-1.
    uint64_t requiredSeed(const std::string& flag = "--seed") const;

private:
    std::map<std::string, std::vector<std::string>> values_;
};

// `42`, `42-51` or `42,45,50`, ascending and without duplicates.
std::vector<uint64_t> parseSeeds(const std::string& text);

}  // namespace tessera::cli
