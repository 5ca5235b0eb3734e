#pragma once

#include "inference/PerformanceModel.h"
#include "inference/ProfileData.h"
#include "inference/TrainingSplit.h"

#include <array>
#include <cstdint>
#include <vector>

namespace tessera {

// The latency predictor of mig-elasticbatch.md 2.4: one ridge regression per model on
// y = ln(latency ms) with features lb, lg, lp, lb*lg, lb*lp, lg*lp, lb^2, lg^2 and an intercept
// (lb = log2 b, lg = log2 g, lp = log2 p); alpha 1e-3 on every coefficient but the intercept;
// (X'X + alpha I0) beta = X'y solved by Eigen's ldlt.
//
// It knows only what its profiling run measured: the training points. Those keep their measured
// results; every other point is predicted, and judged for memory by the OOM rule of 2.4 against
// the training points of the same model and memory slices (a point no training point dominates
// in batch and processes is infeasible).
class LearnedPerformanceModel : public PerformanceModel {
public:
    static constexpr double kRidgeAlpha = 1e-3;
    static constexpr double kSafetyFactor = 1.2;
    static constexpr int kFeatureCount = 9;  // the eight features, then the intercept

    // Trains on the split of 2.4 (splitFeasiblePoints): by default 25%, seed 1.
    explicit LearnedPerformanceModel(const ProfileData& data, double trainShare = 0.25, uint64_t seed = 1);
    // Trains on the given points, one entry per model of data.models() (test points unused).
    LearnedPerformanceModel(const ProfileData& data, const std::vector<ModelSplit>& split);

    std::string name() const override { return "learned"; }
    PerfEstimate estimate(int model, int computeSlices, int batch, int procs, double sizeFactor,
                          double sizeExponent) const override;
    double safetyFactor() const override { return kSafetyFactor; }
    size_t profiledPoints() const override;

    // The regression's latency at reference size, for any point, profiled or not, with no
    // memory test: what the accuracy (MAPE) is measured on. 0 for a model with no training point.
    double predictLatencyMs(int model, int computeSlices, int batch, int procs) const;
    const std::vector<ProfiledPoint>& trainingPoints(int model) const;
    // The fitted coefficients in the feature order above (for tests and the inspector).
    const std::array<double, kFeatureCount>& coefficients(int model) const;
    static std::array<double, kFeatureCount> features(int computeSlices, int batch, int procs);

private:
    struct Fit {
        std::vector<ProfiledPoint> training;  // sorted by (g, b, p)
        std::array<double, kFeatureCount> beta{};
        bool trained = false;
    };
    std::vector<Fit> fits_;  // one per model of the ProfileData
};

}  // namespace tessera
