#include "frag/TypicalWorkload.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace tessera {

TypicalWorkload TypicalWorkload::fromPods(const std::vector<PodSpec>& pods, double coverage)
{
    // Key order is PodResource.Less: c, d, k, then the spec string.
    using Key = std::tuple<int32_t, int32_t, int, std::string>;
    std::map<Key, std::pair<int, uint64_t>> counts;
    for (const auto& p : pods) {
        auto& entry = counts[Key{p.cpuMilli, p.gpuMilli, p.gpuCount, p.gpuSpec}];
        ++entry.first;
        entry.second = p.gpuSpecMask;
    }
    std::vector<std::pair<Key, std::pair<int, uint64_t>>> sorted(counts.begin(), counts.end());
    // Most popular first; equal counts: the larger key first (reverse of Less).
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
        if (a.second.first != b.second.first)
            return a.second.first > b.second.first;
        return a.first > b.first;
    });

    TypicalWorkload w;
    w.distinctKeys_ = int(sorted.size());
    const double threshold = coverage * double(pods.size());
    int cumulative = 0;
    for (const auto& [key, value] : sorted) {
        if (double(cumulative) >= threshold)
            break;
        TaskType t;
        std::tie(t.cpuMilli, t.gpuMilli, t.gpuCount, t.spec) = key;
        t.count = value.first;
        t.specMask = value.second;
        cumulative += t.count;
        w.types_.push_back(std::move(t));
    }
    w.coveredPods_ = cumulative;
    for (auto& t : w.types_)
        t.popularity = double(t.count) / double(cumulative);
    return w;
}

}  // namespace tessera
