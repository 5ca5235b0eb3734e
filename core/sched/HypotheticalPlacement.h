#pragma once

#include "sched/ScorePlugin.h"

#include <algorithm>
#include <limits>

namespace tessera {

// The shared shape of FGD and PWR (fgd-pwr.md 4 and 8.1): score the node as it would be
// after the pod lands. A share pod tries each GPU that fits, ascending, and keeps the best
// (strict '>', so the lowest index wins ties); other pods use NodeResource.Sub's placement.
// `delta(after)` scores the node state `after`: an int64_t, or a RawScore whose `measure`
// says what the score was made of (its `gpu` is ignored).
// `delta` must see a node's GPUs as a multiset of free amounts (fragmentation and power both
// do): then GPUs with equal free amounts score alike, the lowest index would keep the tie, and
// only the first of them is tried, which makes an empty 8-GPU node one trial instead of eight.
inline RawScore asRawScore(int64_t value) { return {value, -1}; }
inline RawScore asRawScore(RawScore score) { return score; }

template <typename Delta>
RawScore scoreHypotheticalPlacement(const ScoreInput& in, Delta delta)
{
    const PodSpec& pod = in.pod;
    if (pod.cpuMilli == 0 && pod.gpuCount == 0)
        return {100, -1};
    const NodeSpec& spec = in.spec();
    if (!pod.isCpuOnly() && !modelAllowed(pod.gpuSpecMask, spec.model))
        return {0, -1};
    NodeState after = in.state();
    after.cpuLeft -= pod.cpuMilli;
    if (pod.isShare()) {
        RawScore best{std::numeric_limits<int64_t>::min(), -1};
        for (int g = 0; g < spec.gpuCount; ++g) {
            const int16_t r = after.gpuLeft[size_t(g)];
            const auto earlier = after.gpuLeft.begin() + g;
            if (r < pod.gpuMilli || std::find(after.gpuLeft.begin(), earlier, r) != earlier)
                continue;
            after.gpuLeft[size_t(g)] = int16_t(r - pod.gpuMilli);
            const RawScore s = asRawScore(delta(after));
            after.gpuLeft[size_t(g)] = r;
            if (s.value > best.value)
                best = {s.value, int8_t(g), s.measure};
        }
        return best.gpu < 0 ? RawScore{0, -1} : best;
    }
    const GpuMask gpus = leastSufficientGpus(in.state(), spec.gpuCount, pod.gpuMilli, pod.gpuCount);
    for (int g = 0; g < spec.gpuCount; ++g)
        if (gpus >> g & 1)
            after.gpuLeft[size_t(g)] = int16_t(after.gpuLeft[size_t(g)] - pod.gpuMilli);
    RawScore scored = asRawScore(delta(after));
    scored.gpu = -1;
    return scored;
}

}  // namespace tessera
