#pragma once

#include "inference/ProfileData.h"

#include <cstdint>
#include <vector>

namespace tessera {

// The feasible points of one model, split into the points the predictor is trained on (the
// ones "profiled") and the held-out ones its accuracy is measured on.
struct ModelSplit {
    std::vector<ProfiledPoint> train;
    std::vector<ProfiledPoint> test;
};

// The sampling rule of mig-elasticbatch.md 2.4, exactly:
// 1. each model's feasible points sorted by (g, b, p) (models alphabetical);
// 2. shuffled by Fisher-Yates with a fresh std::mt19937_64(seed) per model: for i = n-1 down
//    to 1, j = rng() % (i+1), swap i and j (never std::shuffle: it differs between libraries);
// 3. the first floor(n * trainShare) train, the rest test (431 and 1316 at 0.25 on the
//    ParvaGPU data). A model with feasible points trains on at least one, so it can be predicted.
// One entry per model of data.models(). trainShare in (0, 1].
std::vector<ModelSplit> splitFeasiblePoints(const ProfileData& data, double trainShare, uint64_t seed);

// floor(n * trainShare), at least 1 when n > 0. A hair of tolerance keeps shares such as 0.3
// from losing a point to rounding (160 * 0.3 must give 48).
size_t trainingCount(size_t feasible, double trainShare);

}  // namespace tessera
