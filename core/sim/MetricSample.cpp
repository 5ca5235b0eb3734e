#include "sim/MetricSample.h"

namespace tessera {

MetricValues MetricValues::of(const MetricSample& s, int64_t capacityMilli, int64_t fragScale)
{
    MetricValues v;
    const double capacity = double(capacityMilli);
    const double fragment = double(s.fragmentScaled) / double(fragScale);
    if (capacity > 0) {
        v.arrivedPct = 100.0 * double(s.arrivedMilli) / capacity;
        v.allocPct = 100.0 * double(capacityMilli - s.gpuLeftMilli) / capacity;
        v.fragOfTotalPct = 100.0 * fragment / capacity;
    }
    // A cluster with no free GPU has no fragment either: report 0 rather than 0/0.
    v.fragRatePct = s.gpuLeftMilli > 0 ? 100.0 * fragment / double(s.gpuLeftMilli) : 0.0;
    v.cpuPowerKw = double(s.cpuWatts) / 1000.0;
    v.gpuPowerKw = double(s.gpuWatts) / 1000.0;
    v.powerKw = double(s.cpuWatts + s.gpuWatts) / 1000.0;
    return v;
}

}  // namespace tessera
