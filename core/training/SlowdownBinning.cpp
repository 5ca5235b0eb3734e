#include "training/SlowdownBinning.h"

#include "training/KMeans1D.h"
#include "training/Median.h"

#include <cmath>
#include <limits>
#include <set>
#include <stdexcept>

namespace tessera {

namespace {

constexpr int kMaxSilhouetteClusters = 10;

// The scores at or below outlierLimit(); `outliers` counts the others.
std::vector<double> withoutOutliers(const std::vector<double>& x, int& outliers)
{
    outliers = 0;
    const double limit = outlierLimit(x);
    std::vector<double> kept;
    for (double v : x) {
        if (v > limit)
            ++outliers;
        else
            kept.push_back(v);
    }
    return kept;
}

int silhouetteClusterCount(const std::vector<double>& x, uint64_t seed)
{
    const int distinct = int(std::set<double>(x.begin(), x.end()).size());
    int best = 2;
    double bestScore = -2;
    for (int k = 2; k <= kMaxSilhouetteClusters && k <= distinct && k < int(x.size()); ++k) {
        const KMeansResult r = kmeans1d(x, k, seed);
        const double score = silhouetteScore(x, r.labels, int(r.centroids.size()));
        if (score > bestScore) {  // the first best k wins, as argmax does
            bestScore = score;
            best = k;
        }
    }
    return best;
}

}  // namespace

double outlierLimit(const std::vector<double>& scores)
{
    if (scores.size() < 2)
        return std::numeric_limits<double>::infinity();
    double mean = 0;
    for (double v : scores)
        mean += v;
    mean /= double(scores.size());
    double squares = 0;
    for (double v : scores)
        squares += (v - mean) * (v - mean);
    return mean + 3 * std::sqrt(squares / double(scores.size() - 1));
}

SlowdownBins binSlowdowns(const std::vector<double>& scores, BinCountRule rule, uint64_t kmeansSeed)
{
    if (scores.empty())
        throw std::invalid_argument("binning needs at least one GPU");
    SlowdownBins bins;
    const std::vector<double> kept = withoutOutliers(scores, bins.outliers);
    const int k1 = rule == BinCountRule::Silhouette ? silhouetteClusterCount(kept, kmeansSeed) : 2;
    const KMeansResult r = kmeans1d(scores, k1 + bins.outliers, kmeansSeed);
    bins.clusters = int(r.centroids.size());
    const double mid = medianOfSorted(r.centroids);  // centroids come sorted
    std::vector<double> factor;
    for (double c : r.centroids)
        factor.push_back(c / mid);
    // Distinct factors, ascending, and each GPU's.
    for (double f : factor)
        if (bins.levels.empty() || f != bins.levels.back())
            bins.levels.push_back(f);
    bins.counts.assign(bins.levels.size(), 0);
    for (int label : r.labels) {
        const double f = factor[size_t(label)];
        bins.sf.push_back(f);
        for (size_t l = 0; l < bins.levels.size(); ++l)
            if (bins.levels[l] == f)
                ++bins.counts[l];
    }
    return bins;
}

}  // namespace tessera
