#include "mig/OptimalPacker.h"

#include "mig/LayoutEnumerator.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <unordered_map>

#include <fmt/format.h>

namespace tessera {

namespace {

using Counts = std::vector<int>;  // per profile of the search, in `profiles` order

struct Choice {
    int gpus = 0;
    int multiset = -1;  // index into the maximal multisets
};

class DemandSearch {
public:
    DemandSearch(std::vector<Counts> multisets, const Counts& demand, size_t maxStates)
        : multisets_(std::move(multisets)), maxStates_(maxStates)
    {
        // A mixed-radix key: every state is componentwise <= demand.
        uint64_t weight = 1;
        for (int d : demand) {
            weights_.push_back(weight);
            if (weight > std::numeric_limits<uint64_t>::max() / uint64_t(d + 1))
                throw std::length_error("optimal packing: the demand vector is too large");
            weight *= uint64_t(d + 1);
        }
    }

    int gpus(const Counts& demand) { return solve(demand).gpus; }

    // The multiset chosen for the first GPU of an optimal packing of demand (demand non-zero).
    int firstChoice(const Counts& demand) { return solve(demand).multiset; }

private:
    uint64_t key(const Counts& demand) const
    {
        uint64_t k = 0;
        for (size_t i = 0; i < demand.size(); ++i)
            k += uint64_t(demand[i]) * weights_[i];
        return k;
    }

    Choice solve(const Counts& demand)
    {
        if (std::all_of(demand.begin(), demand.end(), [](int d) { return d == 0; }))
            return {0, -1};
        const uint64_t k = key(demand);
        if (auto it = memo_.find(k); it != memo_.end())
            return it->second;
        if (memo_.size() >= maxStates_)
            throw std::length_error(
                fmt::format("optimal packing: more than {} demand vectors to search; the demand is too large", maxStates_));
        Choice best{std::numeric_limits<int>::max(), -1};
        Counts rest(demand.size());
        for (size_t m = 0; m < multisets_.size(); ++m) {
            bool useful = false;
            for (size_t i = 0; i < demand.size(); ++i) {
                rest[i] = std::max(demand[i] - multisets_[m][i], 0);
                useful = useful || rest[i] < demand[i];
            }
            if (!useful)
                continue;
            const int n = 1 + solve(rest).gpus;
            if (n < best.gpus)
                best = {n, int(m)};
        }
        memo_.emplace(k, best);
        return best;
    }

    std::vector<Counts> multisets_;
    size_t maxStates_;
    std::vector<uint64_t> weights_;
    std::unordered_map<uint64_t, Choice> memo_;
};

// The items of each profile in tag order, handed out front to back.
class ItemQueues {
public:
    ItemQueues(std::vector<PlacedInstance> items)
    {
        std::stable_sort(items.begin(), items.end(),
                         [](const PlacedInstance& a, const PlacedInstance& b) { return a.tag < b.tag; });
        for (const auto& i : items)
            queues_[i.profile].push_back(i.tag);
    }
    uint32_t take(uint16_t profile) { return queues_[profile][next_[profile]++]; }

private:
    std::unordered_map<uint16_t, std::vector<uint32_t>> queues_;
    std::unordered_map<uint16_t, size_t> next_;
};

// `layout` with only `keep[i]` instances of profiles[i] (the lowest starts), tagged.
PackedGpu fill(const MigLayout& layout, const std::vector<uint16_t>& profiles, Counts keep, ItemQueues& queues)
{
    PackedGpu gpu;
    for (const auto& inst : layout.instances) {
        const size_t i = size_t(std::find(profiles.begin(), profiles.end(), inst.profile) - profiles.begin());
        if (keep[i] > 0) {
            --keep[i];
            gpu.instances.push_back({inst.profile, inst.start, queues.take(inst.profile)});
        }
    }
    return gpu;
}

}  // namespace

std::vector<PackedGpu> packOptimally(const MigGpuType& type, std::vector<PlacedInstance> items, size_t maxStates)
{
    std::vector<uint16_t> profiles;
    for (const auto& i : items) {
        type.profile(i.profile);  // throws std::out_of_range for an unknown profile
        profiles.push_back(i.profile);
    }
    std::sort(profiles.begin(), profiles.end());
    profiles.erase(std::unique(profiles.begin(), profiles.end()), profiles.end());
    Counts demand(profiles.size(), 0);
    for (const auto& i : items)
        ++demand[size_t(std::find(profiles.begin(), profiles.end(), i.profile) - profiles.begin())];

    const std::vector<MigLayout> maximal =
        firstLayoutOfEachMultiset(enumerateLayouts(type, profiles, /*maximalOnly=*/true));
    std::vector<Counts> multisets;
    for (const auto& layout : maximal) {
        Counts c(profiles.size(), 0);
        for (const auto& inst : layout.instances)
            ++c[size_t(std::find(profiles.begin(), profiles.end(), inst.profile) - profiles.begin())];
        multisets.push_back(c);
    }

    ItemQueues queues(items);
    std::vector<PackedGpu> gpus;
    // A profile found only in multisets of itself alone (7g) never shares a GPU: it is packed
    // apart, as full as its max # allows, which keeps it out of the DP's state space.
    std::vector<bool> alone(profiles.size(), true);
    for (const auto& c : multisets)
        for (size_t p = 0; p < profiles.size(); ++p)
            if (c[p] > 0 && std::count_if(c.begin(), c.end(), [](int n) { return n > 0; }) > 1)
                alone[p] = false;
    std::vector<size_t> shared;  // the multisets the DP may use
    for (size_t m = 0; m < multisets.size(); ++m) {
        const size_t p = size_t(std::find_if(multisets[m].begin(), multisets[m].end(), [](int n) { return n > 0; }) -
                                multisets[m].begin());
        if (!alone[p]) {
            shared.push_back(m);
            continue;
        }
        while (demand[p] > 0) {
            Counts keep(profiles.size(), 0);
            keep[p] = std::min(demand[p], multisets[m][p]);
            demand[p] -= keep[p];
            gpus.push_back(fill(maximal[m], profiles, keep, queues));
        }
    }

    std::vector<Counts> dpMultisets;
    for (size_t m : shared)
        dpMultisets.push_back(multisets[m]);
    DemandSearch search(dpMultisets, demand, maxStates);
    while (std::any_of(demand.begin(), demand.end(), [](int d) { return d > 0; })) {
        const int m = search.firstChoice(demand);
        Counts keep(profiles.size());
        for (size_t i = 0; i < profiles.size(); ++i) {
            keep[i] = std::min(demand[i], dpMultisets[size_t(m)][i]);
            demand[i] -= keep[i];
        }
        gpus.push_back(fill(maximal[shared[size_t(m)]], profiles, keep, queues));
    }
    return gpus;
}

}  // namespace tessera
