#include "training/rent/WidthCost.h"

#include <stdexcept>

namespace tessera {

WidthCost typeWidthCost(const JobType& type, const TypeWidth& width)
{
    const SpeedupFunction& s = *type.speedup;
    const double sLow = s(width.low);
    double slowdown = 1 / sLow;           // E[1 / s(k)]
    double gpuPerWork = width.low / sLow;  // E[k / s(k)]
    if (!width.isSingle()) {
        const double sHigh = s(width.high);
        const double q = width.lowShare;
        slowdown = q / sLow + (1 - q) / sHigh;
        gpuPerWork = q * width.low / sLow + (1 - q) * width.high / sHigh;
    }
    return {type.meanSize * slowdown, type.load() * gpuPerWork};
}

WidthCost widthsCost(const std::vector<JobType>& types, const std::vector<TypeWidth>& widths)
{
    if (types.size() != widths.size())
        throw std::invalid_argument("one width per job type");
    double rate = 0;
    double weightedResponse = 0;
    double used = 0;
    for (size_t i = 0; i < types.size(); ++i) {
        const WidthCost c = typeWidthCost(types[i], widths[i]);
        rate += types[i].arrivalRate;
        weightedResponse += types[i].arrivalRate * c.meanResponse;
        used += c.gpus;
    }
    return {rate > 0 ? weightedResponse / rate : 0, used};
}

}  // namespace tessera
