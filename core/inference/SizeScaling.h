#pragma once

#include "inference/PerformanceModel.h"
#include "inference/ProfileData.h"

#include <algorithm>
#include <cmath>

namespace tessera {

// Step 1 of mig-elasticbatch.md 2.2, shared by every PerformanceModel: a request of size factor
// x costs x^k times the reference latency and needs the memory of x^k reference requests.
struct SizeScaling {
    double factor = 1;  // x^k

    SizeScaling(double sizeFactor, double sizeExponent) : factor(std::pow(sizeFactor, sizeExponent)) {}
    bool isReference() const { return factor == 1; }
    // A size factor or exponent that makes x^k zero, negative, infinite or NaN describes no request.
    bool valid() const { return std::isfinite(factor) && factor > 0; }
    // b * x^k, snapped to a whole batch within rounding error: sqrt(2)^2 is 2.0000000000000004,
    // and a batch of 8.000000000000002 must not fail a memory test that 8 passes.
    double effectiveBatch(int batch) const
    {
        const double exact = batch * factor;
        const double whole = std::round(exact);
        return std::abs(exact - whole) <= 1e-9 * std::max(1.0, exact) ? whole : exact;
    }
};

// A profiled point at size factor 1, as measured.
inline PerfEstimate measuredEstimate(const ProfiledPoint& point)
{
    PerfEstimate e;
    e.feasible = !point.oom();
    e.latencyMs = point.latencyMs;
    e.throughputRps = point.throughputRps;
    e.measured = true;
    return e;
}

// A feasible estimate from the reference point's latency and throughput: both scale by x^k
// (a batch of larger requests takes x^k as long), so x = 1 gives the reference point back.
// Infeasible when the numbers stop being sane (a prediction exp() overflowed or underflowed,
// an extreme x^k): no planner may see a zero latency or an infinite throughput.
inline PerfEstimate scaledEstimate(double referenceLatencyMs, double referenceThroughputRps, const SizeScaling& scaling)
{
    PerfEstimate e;
    e.latencyMs = referenceLatencyMs * scaling.factor;
    e.throughputRps = referenceThroughputRps / scaling.factor;
    e.feasible = std::isfinite(e.latencyMs) && e.latencyMs > 0 && std::isfinite(e.throughputRps) && e.throughputRps > 0;
    return e.feasible ? e : PerfEstimate{};
}

}  // namespace tessera
