#include "run/RunShard.h"

#include "util/PrintableText.h"
#include "util/UsageError.h"

#include <charconv>

#include <fmt/format.h>

namespace tessera {

namespace {

// A shard count beyond any cluster's array size limit is a typo, not a sweep.
constexpr size_t kMaxShards = 1000000;

bool parseWhole(std::string_view text, size_t& value)
{
    if (text.empty() || text.size() > 7 || text.find_first_not_of("0123456789") != std::string_view::npos)
        return false;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc{} && end == text.data() + text.size();
}

}  // namespace

RunShard RunShard::parse(const std::string& text)
{
    const size_t slash = text.find('/');
    size_t index = 0, count = 0;
    if (slash == std::string::npos || !parseWhole(std::string_view(text).substr(0, slash), index) ||
        !parseWhole(std::string_view(text).substr(slash + 1), count))
        throw UsageError(fmt::format("--shard must be I/N, e.g. 0/8 (got \"{}\")", printableExcerpt(text)));
    if (count < 1 || count > kMaxShards || index >= count)
        throw UsageError(fmt::format("--shard {}: I/N needs 0 <= I < N and 1 <= N <= {}", printableExcerpt(text),
                                     kMaxShards));
    return RunShard(index, count);
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
