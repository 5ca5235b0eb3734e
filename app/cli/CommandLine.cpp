#include "cli/CommandLine.h"

#include "util/PrintableText.h"
#include "util/UsageError.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <set>

#include <fmt/format.h>

namespace tessera::cli {

namespace {

template <typename T>
bool parseWhole(const std::string& s, T& out)
{
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return !s.empty() && ec == std::errc() && ptr == s.data() + s.size();
}

}  // namespace

CommandLine::CommandLine(int argc, char** argv, int first, const std::vector<std::string>& valueFlags,
                         const std::vector<std::string>& switches)
{
    for (int i = first; i < argc; ++i) {
        std::string arg = argv[i];
        std::string inlineValue;
        bool hasInline = false;
        if (auto eq = arg.find('='); arg.rfind("--", 0) == 0 && eq != std::string::npos) {
            inlineValue = arg.substr(eq + 1);
            arg = arg.substr(0, eq);
            hasInline = true;
        }
        if (std::find(switches.begin(), switches.end(), arg) != switches.end() && !hasInline) {
            values_[arg].push_back("1");
        } else if (std::find(valueFlags.begin(), valueFlags.end(), arg) != valueFlags.end()) {
            if (hasInline) {
                values_[arg].push_back(inlineValue);
            } else {
                if (i + 1 >= argc)
                    throw UsageError(fmt::format("{} needs a value", arg));
                values_[arg].push_back(argv[++i]);
            }
        } else if (arg.rfind("--", 0) == 0) {
            throw UsageError(fmt::format("unknown option {}", printableExcerpt(arg)));
        } else {
            throw UsageError(fmt::format("unexpected argument \"{}\"", printableExcerpt(arg)));
        }
    }
}

std::string CommandLine::value(const std::string& flag, const std::string& fallback) const
{
    auto it = values_.find(flag);
    if (it != values_.end() && it->second.size() > 1)
        // A flag of one value given twice was once read as its last value, silently: a second
        // --jobs or --scenario looked like a sweep over them and ran only one.
        throw UsageError(fmt::format("{} is given {} times, but takes one value (\"{}\", \"{}\"{})", flag,
                                     it->second.size(), printableExcerpt(it->second[0]),
                                     printableExcerpt(it->second[1]), it->second.size() > 2 ? ", ..." : ""));
    const std::string taken = it == values_.end() ? fallback : it->second.front();
    noteReading(flag, taken, fallback);
    return taken;
}

std::string CommandLine::given(const std::string& flag) const
{
    return values_.at(flag).back();
}

void CommandLine::noteReading(const std::string& flag, std::string value, std::string fallback) const
{
    const auto [it, added] = reads_.try_emplace(flag, Read{value, fallback});
    if (added)
        return;
    it->second.oneFallback = it->second.oneFallback && it->second.fallback == fallback;
    it->second.value = std::move(value);
}

std::optional<CommandLine::Reading> CommandLine::reading(const std::string& flag) const
{
    const auto it = reads_.find(flag);
    if (it == reads_.end())
        return std::nullopt;
    return Reading{it->second.value, it->second.oneFallback && it->second.value == it->second.fallback};
}

std::vector<std::string> CommandLine::values(const std::string& flag) const
{
    auto it = values_.find(flag);
    return it == values_.end() ? std::vector<std::string>{} : it->second;
}

std::string CommandLine::required(const std::string& flag) const
{
    if (!has(flag))
        throw UsageError(fmt::format("{} is required", flag));
    return value(flag);
}

uint64_t CommandLine::requiredSeed(const std::string& flag) const
{
    required(flag);
    return uint64_t(integer(flag, 0, 0, std::numeric_limits<long long>::max()));
}

long long CommandLine::integer(const std::string& flag, long long fallback, long long min, long long max) const
{
    long long v = fallback;
    if (has(flag) && (!parseWhole(given(flag), v) || v < min || v > max))
        throw UsageError(fmt::format("{} must be a whole number from {} to {} (got \"{}\")", flag, min, max,
                                     printableExcerpt(given(flag))));
    noteReading(flag, std::to_string(v), std::to_string(fallback));
    return v;
}

double CommandLine::number(const std::string& flag, double fallback, double min, double max) const
{
    double v = fallback;
    if (has(flag) && (!parseWhole(given(flag), v) || !(v >= min && v <= max)))
        throw UsageError(
            fmt::format("{} must be a number from {} to {} (got \"{}\")", flag, min, max, printableExcerpt(given(flag))));
    // Shortest text that reads back as the same double: "1.30" and "1.3" are one value.
    noteReading(flag, fmt::format("{}", v), fmt::format("{}", fallback));
    return v;
}

RunShard shardOption(const CommandLine& args)
{
    return args.has("--shard") ? RunShard::parse(args.value("--shard")) : RunShard();
}

std::vector<uint64_t> parseSeeds(const std::string& text)
{
    static constexpr uint64_t kMaxSeeds = 10000;
    std::set<uint64_t> seeds;
    auto bad = [&] {
        return UsageError(fmt::format("--seeds must be like 42, 42-51 or 42,45,50 (got \"{}\")", printableExcerpt(text)));
    };
    auto tooMany = [] { return UsageError(fmt::format("--seeds names more than {} seeds", kMaxSeeds)); };
    size_t start = 0;
    while (start <= text.size()) {
        const size_t comma = std::min(text.find(',', start), text.size());
        const std::string part = text.substr(start, comma - start);
        uint64_t lo = 0, hi = 0;
        if (auto dash = part.find('-'); dash != std::string::npos) {
            if (!parseWhole(part.substr(0, dash), lo) || !parseWhole(part.substr(dash + 1), hi) || hi < lo)
                throw bad();
        } else if (!parseWhole(part, lo)) {
            throw bad();
        } else {
            hi = lo;
        }
        if (hi - lo >= kMaxSeeds)
            throw tooMany();
        // Counted from lo rather than compared with hi: a range ending at 2^64-1 must not wrap.
        for (uint64_t k = 0; k <= hi - lo; ++k) {
            seeds.insert(lo + k);
            if (seeds.size() > kMaxSeeds)
                throw tooMany();
        }
        start = comma + 1;
    }
    return {seeds.begin(), seeds.end()};
}

void requireDistinctPolicies(const std::vector<std::string>& given, const std::vector<std::string>& canonical)
{
    for (size_t i = 0; i < canonical.size(); ++i)
        for (size_t j = 0; j < i; ++j)
            if (canonical[i] == canonical[j])
                throw UsageError(fmt::format("--policy \"{}\" and --policy \"{}\" are the same policy ({}): give "
                                             "each policy once",
                                             printableExcerpt(given.at(j)), printableExcerpt(given.at(i)),
                                             printableExcerpt(canonical[i])));
}

}  // namespace tessera::cli
