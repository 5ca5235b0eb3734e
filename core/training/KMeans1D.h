#pragma once

// k-means on a line, as scikit-learn's KMeans(init="k-means++", n_init=10) does it: greedy
// k-means++ seeding, Lloyd iterations, the best of n runs by inertia. PAL's binning (B3) uses
// it; scikit-learn's random stream cannot be replayed, but on 1-D data the best of 10 runs
// settles on the same clustering whatever the seed, which the binning test checks.

#include <cstdint>
#include <vector>

namespace tessera {

struct KMeansResult {
    std::vector<double> centroids;  // ascending
    std::vector<int> labels;        // per point, an index into centroids
    double inertia = 0;             // sum of squared distances to the assigned centroid
};

// k is reduced to the number of distinct values when there are fewer (as many clusters as
// points can hold). Throws std::invalid_argument for no points, k < 1 or nInit < 1.
KMeansResult kmeans1d(const std::vector<double>& points, int k, uint64_t seed, int nInit = 10);

// Mean silhouette coefficient of a labelling (scikit-learn's silhouette_score): per point
// (b - a) / max(a, b), 0 for a point alone in its cluster. Needs 2 <= clusters <= points - 1.
double silhouetteScore(const std::vector<double>& points, const std::vector<int>& labels, int clusters);

}  // namespace tessera
