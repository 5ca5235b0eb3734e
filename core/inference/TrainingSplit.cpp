#include "inference/TrainingSplit.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace tessera {

size_t trainingCount(size_t feasible, double trainShare)
{
    if (feasible == 0)
        return 0;
    const auto n = size_t(std::floor(double(feasible) * trainShare + 1e-9));
    return std::clamp<size_t>(n, 1, feasible);
}

std::vector<ModelSplit> splitFeasiblePoints(const ProfileData& data, double trainShare, uint64_t seed)
{
    std::vector<ModelSplit> splits;
    for (const ModelProfile& model : data.models()) {
        // ModelProfile keeps its points sorted by (g, b, p): step 1.
        std::vector<ProfiledPoint> rows;
        for (const ProfiledPoint& p : model.points)
            if (!p.oom())
                rows.push_back(p);
        std::mt19937_64 rng(seed);
        for (size_t i = rows.size(); i-- > 1;) {
            const size_t j = size_t(rng() % uint64_t(i + 1));
            std::swap(rows[i], rows[j]);
        }
        const size_t train = trainingCount(rows.size(), trainShare);
        ModelSplit split;
        split.train.assign(rows.begin(), rows.begin() + std::ptrdiff_t(train));
        split.test.assign(rows.begin() + std::ptrdiff_t(train), rows.end());
        splits.push_back(std::move(split));
    }
    return splits;
}

}  // namespace tessera
