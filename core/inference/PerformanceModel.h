#pragma once

#include <cstddef>
#include <string>

namespace tessera {

struct PerfEstimate {
    bool feasible = false;       // false: out of memory, or a point the model cannot vouch for
    double latencyMs = 0;        // per batch
    double throughputRps = 0;    // of the whole instance (all processes)
    bool measured = false;       // a profiled point at size factor 1, returned as measured
};

// perf(model, size factor x, batch b, instance size g, processes p) of mig-elasticbatch.md 2.2
// Step 2. `model` is an index into ProfileData::models(). A request of relative input size x
// takes lat_ref * x^k (k = sizeExponent) and needs the memory of a batch of b_eff = b * x^k
// reference-size requests, which the OOM rule of 2.4 judges.
class PerformanceModel {
public:
    virtual ~PerformanceModel() = default;
    virtual std::string name() const = 0;
    virtual PerfEstimate estimate(int model, int computeSlices, int batch, int procs, double sizeFactor,
                                  double sizeExponent) const = 0;
    // The factor the planner's feasibility test applies to estimated latency (2.2 Step 3):
    // 1 for measured points, 1.2 for the learned predictor (2.4).
    virtual double safetyFactor() const = 0;
    // Profiling cost: how many (model, size, batch, procs) points were measured to build it.
    virtual size_t profiledPoints() const = 0;
};

}  // namespace tessera
