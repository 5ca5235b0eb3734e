#include "inference/TablePerformanceModel.h"

#include "inference/OomRule.h"
#include "inference/SizeScaling.h"

#include <cmath>

namespace tessera {

PerfEstimate TablePerformanceModel::estimate(int model, int computeSlices, int batch, int procs, double sizeFactor,
                                             double sizeExponent) const
{
    if (model < 0 || size_t(model) >= data_.models().size())
        return {};
    const ModelProfile& profile = data_.models()[size_t(model)];
    const ProfiledPoint* point = profile.find(computeSlices, batch, procs);
    if (!point || point->oom())
        return {};
    const SizeScaling scaling(sizeFactor, sizeExponent);
    if (!scaling.valid())
        return {};
    if (scaling.isReference())
        return measuredEstimate(*point);
    const double effectiveBatch = scaling.effectiveBatch(batch);
    const double wholeBatch = std::round(effectiveBatch);
    const ProfiledPoint* atEffective =
        wholeBatch == effectiveBatch && wholeBatch <= double(1 << 30)
            ? profile.find(computeSlices, int(wholeBatch), procs)
            : nullptr;
    const bool fits = atEffective ? !atEffective->oom()
                                  : oomRuleFeasible(profile.points, profiledMemorySlices(computeSlices), effectiveBatch, procs);
    return fits ? scaledEstimate(point->latencyMs, point->throughputRps, scaling) : PerfEstimate{};
}

}  // namespace tessera
