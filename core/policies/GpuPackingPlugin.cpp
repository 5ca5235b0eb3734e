// GpuPacking (fgd-pwr.md 5.5): share an already shared GPU first, then a free GPU on a used
// node, and an empty node last.
#include "sched/PluginRegistry.h"

#include <algorithm>
#include <array>

namespace tessera {
namespace {

class GpuPackingPlugin final : public ScorePlugin {
public:
    std::string_view name() const override { return "gpupacking"; }

    RawScore score(const ScoreInput& in) const override
    {
        const PodSpec& p = in.pod;
        if (p.gpuMilli <= 0)
            return {0, -1};
        const int gpus = in.spec().gpuCount;
        const NodeState& s = in.state();
        const int fullyFree = in.summary().fullyFree;
        if (fullyFree == gpus)
            return {std::max(33 - fullyFree, fullyFree), -1};

        std::array<int, kMaxGpusPerNode> order{};
        for (int g = 0; g < gpus; ++g)
            order[size_t(g)] = g;
        std::stable_sort(order.begin(), order.begin() + gpus,
                         [&](int a, int b) { return s.gpuLeft[size_t(a)] < s.gpuLeft[size_t(b)]; });
        int chosen = 0;
        int usedFullyFree = 0;
        int64_t freeRatioSum = 0;
        for (int i = 0; i < gpus && chosen < p.gpuCount; ++i) {
            const int32_t r = s.gpuLeft[size_t(order[size_t(i)])];
            if (r < p.gpuMilli)
                continue;
            ++chosen;
            usedFullyFree += r == kMilli;
            freeRatioSum += int64_t(r) * 100 / 1000;
        }
        if (chosen < p.gpuCount)
            return {0, -1};
        if (usedFullyFree > 0)
            return {std::max<int64_t>(50 - usedFullyFree, 33), -1};
        return {std::max<int64_t>(100 - freeRatioSum / 10, 50), -1};
    }
};

const PluginRegistration registration("gpupacking", [] { return std::make_unique<GpuPackingPlugin>(); });

}  // namespace
}  // namespace tessera
