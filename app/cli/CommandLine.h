#pragma once

#include "run/RunShard.h"

#include <cstdint>
#include <map>
#include <optional>
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
    // The flag's value; a flag given more than once is a UsageError here (only values() reads a
    // repeatable flag).
    std::string value(const std::string& flag, const std::string& fallback = {}) const;
    std::vector<std::string> values(const std::string& flag) const;
    std::string required(const std::string& flag) const;

    long long integer(const std::string& flag, long long fallback, long long min, long long max) const;
    double number(const std::string& flag, double fallback, double min, double max) const;
    // A seed the user must give (the generators: the same seed, the same file): 0 .. 2^63-1.
    uint64_t requiredSeed(const std::string& flag = "--seed") const;
    // Every flag given with its values (a switch's is "1"), by flag name.
    const std::map<std::string, std::vector<std::string>>& all() const { return values_; }

    // How the command read a flag of one value, for a sweep's identity (SweepShard): the value it
    // took (a number as parsed: "1.30" is 1.3) and whether that is the default, so that spelling
    // a default out, or a number another way, is the same sweep. Nothing for a flag not read
    // through value(), integer() or number() yet.
    struct Reading {
        std::string value;
        bool isDefault = false;
    };
    std::optional<Reading> reading(const std::string& flag) const;

private:
    // The flag's last value as given, without noting a reading (it must be given).
    std::string given(const std::string& flag) const;
    // What a read took and what its default was; a flag read with two defaults is never "default".
    // (Reads write here: a command reads its flags before it starts its worker threads.)
    void noteReading(const std::string& flag, std::string value, std::string fallback) const;

    std::map<std::string, std::vector<std::string>> values_;
    struct Read {
        std::string value, fallback;
        bool oneFallback = true;
    };
    mutable std::map<std::string, Read> reads_;
};

// Throws UsageError when two --policy values name one policy: `given` are the values, `canonical`
// each one's single form ("fgd" and "fgd:1000" alike). A batch runs each policy once, as it runs
// each seed once: a second identical block of rows would add nothing.
void requireDistinctPolicies(const std::vector<std::string>& given, const std::vector<std::string>& canonical);

// `--shard I/N` (contracts.md 10), or the whole sweep without it.
RunShard shardOption(const CommandLine& args);

// `42`, `42-51` or `42,45,50`, ascending and without duplicates.
std::vector<uint64_t> parseSeeds(const std::string& text);

}  // namespace tessera::cli
