#include "run/RunShard.h"

#include "util/PrintableText.h"
#include "util/UsageError.h"

#include <charconv>
#include <limits>

#include <fmt/format.h>

namespace tessera {

namespace {

// Digits only (no sign, no space); a number too large for int64 reads as its maximum, so that
// the bounds check, not the syntax check, names it.
bool parseWhole(std::string_view text, int64_t& value)
{
    if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos)
        return false;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error == std::errc::result_out_of_range)
        value = std::numeric_limits<int64_t>::max();
    return true;
}

}  // namespace

RunShard RunShard::parse(const std::string& text)
{
    const size_t slash = text.find('/');
    int64_t index = 0, count = 0;
    if (slash == std::string::npos || !parseWhole(std::string_view(text).substr(0, slash), index) ||
        !parseWhole(std::string_view(text).substr(slash + 1), count))
        throw UsageError(fmt::format("--shard must be I/N, e.g. 0/8 (got \"{}\")", printableExcerpt(text)));
    if (const auto fault = outOfBounds(index, count))
        throw UsageError(fmt::format("--shard {}: {}", printableExcerpt(text), *fault));
    return RunShard(size_t(index), size_t(count));
}

std::optional<std::string> RunShard::outOfBounds(int64_t index, int64_t count)
{
    if (count < 1 || count > kMaxCount || index < 0 || index >= count)
        return fmt::format("I/N needs 0 <= I < N and 1 <= N <= {}", kMaxCount);
    return std::nullopt;
}

std::optional<std::string> RunShard::sweepOutOfBounds(int64_t runs)
{
    if (runs < 0 || runs > kMaxSweepRuns)
        return fmt::format("a sweep has 0 to {} runs", kMaxSweepRuns);
    return std::nullopt;
}

std::vector<size_t> RunShard::numbers(size_t runCount) const
{
    std::vector<size_t> selected;
    for (size_t number = index_; number < runCount; number += count_)
        selected.push_back(number);
    return selected;
}

std::string RunShard::text() const
{
    return fmt::format("{}/{}", index_, count_);
}

}  // namespace tessera
