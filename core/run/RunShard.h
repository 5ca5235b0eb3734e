#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tessera {

// One shard of a sweep (contracts.md 10, `--shard I/N`): of a command's runs, numbered from 0 in
// contract order (the order of its grid CSV), it holds those whose number mod N is I. Every
// run-producing command selects its runs here, so that simulate, inference and training shard
// alike and a merge can put the runs back in order from their numbers alone.
class RunShard {
public:
    // The whole sweep: 0/1.
    RunShard() = default;
    // "I/N" within bounds(); anything else is a UsageError naming the flag.
    static RunShard parse(const std::string& text);

    // A shard count beyond any cluster's array size limit is a typo, not a sweep; a sweep of more
    // runs than this would take years and its merge more memory than a node has.
    static constexpr int64_t kMaxCount = 1'000'000;
    static constexpr int64_t kMaxSweepRuns = 1'000'000'000;
    // The one check of a shard's I/N, for `--shard I/N` and for a shard study's record alike
    // (merge reads it from untrusted files): what is wrong with I/N, or nothing when
    // 0 <= I < N <= kMaxCount.
    static std::optional<std::string> outOfBounds(int64_t index, int64_t count);
    // What is wrong with a sweep of `runs` runs, or nothing when 0 <= runs <= kMaxSweepRuns.
    static std::optional<std::string> sweepOutOfBounds(int64_t runs);
    // How many of a sweep's `sweepRuns` runs shard I/N holds (both within bounds); no overflow
    // whatever the values.
    static int64_t runsOf(int64_t index, int64_t count, int64_t sweepRuns)
    {
        return sweepRuns / count + (index < sweepRuns % count ? 1 : 0);
    }

    size_t index() const { return index_; }
    size_t count() const { return count_; }
    bool isWhole() const { return count_ == 1; }
    bool holds(size_t runNumber) const { return runNumber % count_ == index_; }
    // This shard's run numbers among runCount runs, ascending (may be empty when N > runCount).
    std::vector<size_t> numbers(size_t runCount) const;
    // The elements of `runs` (in contract order) that this shard holds, in order.
    template <typename T>
    std::vector<T> pick(const std::vector<T>& runs) const
    {
        std::vector<T> picked;
        for (size_t number : numbers(runs.size()))
            picked.push_back(runs[number]);
        return picked;
    }
    std::string text() const;

private:
    RunShard(size_t index, size_t count) : index_(index), count_(count) {}
    size_t index_ = 0;
    size_t count_ = 1;
};

}  // namespace tessera
