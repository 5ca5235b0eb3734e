// Random (fgd-pwr.md 5.2): one feasible node drawn uniformly per decision scores 100, the
// others 0; share pods get a uniformly drawn GPU that fits.
#include "sched/PluginRegistry.h"

namespace tessera {
namespace {

class RandomPlugin final : public ScorePlugin {
public:
    std::string_view name() const override { return "random"; }
    GpuSelector gpuSelector() const override { return GpuSelector::Random; }
    bool cacheable() const override { return false; }

    void preScore(std::span<const uint32_t> feasible, Rng& rng) override
    {
        drawn_ = feasible[rng.below(feasible.size())];
    }

    RawScore score(const ScoreInput& in) const override { return {in.node == drawn_ ? 100 : 0, -1}; }

private:
    uint32_t drawn_ = 0;
};

const PluginRegistration registration("random", [] { return std::make_unique<RandomPlugin>(); });

}  // namespace
}  // namespace tessera
