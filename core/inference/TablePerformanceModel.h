#pragma once

#include "inference/PerformanceModel.h"
#include "inference/ProfileData.h"

namespace tessera {

// The measured profile table (mig-elasticbatch.md 2.2 Step 2 a): only profiled points are
// feasible. At size factor 1 a point is returned as measured; otherwise its latency is scaled by
// x^k, its throughput is p*b / latency, and its memory is judged at b_eff = b * x^k: by the
// measured point (g, b_eff, p) when b_eff is a profiled batch, else by the OOM rule of 2.4.
class TablePerformanceModel : public PerformanceModel {
public:
    explicit TablePerformanceModel(const ProfileData& data) : data_(data) {}

    std::string name() const override { return "table"; }
    PerfEstimate estimate(int model, int computeSlices, int batch, int procs, double sizeFactor,
                          double sizeExponent) const override;
    double safetyFactor() const override { return 1.0; }
    size_t profiledPoints() const override { return data_.pointCount(); }

private:
    ProfileData data_;
};

}  // namespace tessera
