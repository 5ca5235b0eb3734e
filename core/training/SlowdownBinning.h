#pragma once

// PAL and PM-First's slowdown levels (training-boa-pal.md B3): a class's per-GPU scores
// clustered on a line, each GPU then known by its cluster's slowdown factor
// sf = centroid / median(all centroids), lower = faster.

#include <cstdint>
#include <vector>

namespace tessera {

enum class BinCountRule {
    // The reference code: K = 2 + outliers (a misplaced return makes its silhouette search
    // always answer 2).
    Reference,
    // What that code intends: K = argmax over k = 2..10 of the silhouette of k-means on the
    // scores without outliers, + outliers.
    Silhouette,
};

struct SlowdownBins {
    std::vector<double> levels;  // the distinct sf values, ascending
    std::vector<int> counts;     // GPUs per level
    std::vector<double> sf;      // per GPU, one of levels
    int outliers = 0;            // scores above mean + 3 sample standard deviations
    int clusters = 0;            // K
};

// Above this a score is an outlier with a bin of its own (B3): mean + 3 sample standard
// deviations (ddof = 1, pandas' default); infinity for fewer than two scores, where pandas' std
// is NaN.
double outlierLimit(const std::vector<double>& scores);

// Bins one class's scores (one per GPU, in GPU order). `kmeansSeed` seeds the k-means runs;
// the bins do not depend on it in practice (best of 10). Throws std::invalid_argument for no
// scores.
SlowdownBins binSlowdowns(const std::vector<double>& scores, BinCountRule rule = BinCountRule::Reference,
                          uint64_t kmeansSeed = 1);

}  // namespace tessera
