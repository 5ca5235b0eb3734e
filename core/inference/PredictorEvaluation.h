#pragma once

#include "inference/LearnedPerformanceModel.h"
#include "inference/ProfileData.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tessera {

// Held-out accuracy of the latency predictor (mig-elasticbatch.md 2.4; contracts.md 8.2):
// for each seed, the split of 2.4, a LearnedPerformanceModel trained on it, and each model's
// latency MAPE on its held-out feasible points; each model's MAPE is then averaged over the
// seeds, and the mean taken over the models.
struct PredictorEvaluation {
    struct ModelRow {
        std::string model;
        double mapePct = 0;      // averaged over the seeds; NaN when the model has no test point
        size_t trainPoints = 0;  // per split (the same for every seed)
        size_t testPoints = 0;
    };
    std::vector<ModelRow> models;  // alphabetical, as ProfileData
    double meanMapePct = 0;        // over the models that have test points
    double worstMapePct = 0;
    size_t trainPoints = 0;        // over all models: the profiling cost of one split
    size_t testPoints = 0;

    static PredictorEvaluation evaluate(const ProfileData& data, double trainShare, const std::vector<uint64_t>& seeds);

    // `model,mape_pct,train_points,test_points`, one row per model, then `mean,` with the mean
    // MAPE and the total point counts. MAPE with two decimals; an empty field for NaN.
    std::string csv() const;
};

// Mean of |predicted - measured| / measured x 100 over `points`; NaN for none.
double heldOutMapePct(const LearnedPerformanceModel& predictor, int model, const std::vector<ProfiledPoint>& points);

}  // namespace tessera
