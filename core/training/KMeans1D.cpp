#include "training/KMeans1D.h"

#include "training/UnitInterval.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <stdexcept>

namespace tessera {

namespace {

constexpr int kMaxLloydIterations = 300;

int nearest(const std::vector<double>& centroids, double x)
{
    int best = 0;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (size_t c = 0; c < centroids.size(); ++c) {
        const double d = (x - centroids[c]) * (x - centroids[c]);
        if (d < bestDistance) {
            bestDistance = d;
            best = int(c);
        }
    }
    return best;
}

// An index drawn with probability proportional to weights[i] (all >= 0, sum > 0).
size_t drawWeighted(const std::vector<double>& weights, double total, Rng& rng)
{
    const double target = unitInterval(rng) * total;
    double running = 0;
    for (size_t i = 0; i < weights.size(); ++i) {
        running += weights[i];
        if (target < running)
            return i;
    }
    for (size_t i = weights.size(); i-- > 0;)
        if (weights[i] > 0)
            return i;
    return 0;
}

// Greedy k-means++ (scikit-learn's _kmeans_plusplus): 2 + floor(ln k) candidates per centre,
// keeping the one that lowers the potential most.
std::vector<double> seedCentroids(const std::vector<double>& x, int k, Rng& rng)
{
    const int trials = 2 + int(std::log(double(k)));
    std::vector<double> centroids{x[rng.below(x.size())]};
    std::vector<double> closest(x.size());
    for (size_t i = 0; i < x.size(); ++i)
        closest[i] = (x[i] - centroids[0]) * (x[i] - centroids[0]);
    while (int(centroids.size()) < k) {
        double potential = 0;
        for (double d : closest)
            potential += d;
        size_t bestCandidate = 0;
        double bestPotential = std::numeric_limits<double>::infinity();
        std::vector<double> bestClosest;
        for (int t = 0; t < trials; ++t) {
            const size_t candidate = potential > 0 ? drawWeighted(closest, potential, rng) : rng.below(x.size());
            std::vector<double> next(closest);
            double sum = 0;
            for (size_t i = 0; i < x.size(); ++i) {
                next[i] = std::min(next[i], (x[i] - x[candidate]) * (x[i] - x[candidate]));
                sum += next[i];
            }
            if (sum < bestPotential) {
                bestPotential = sum;
                bestCandidate = candidate;
                bestClosest = std::move(next);
            }
        }
        centroids.push_back(x[bestCandidate]);
        closest = std::move(bestClosest);
    }
    return centroids;
}

KMeansResult lloyd(const std::vector<double>& x, std::vector<double> centroids)
{
    KMeansResult r;
    r.labels.assign(x.size(), -1);
    for (int iteration = 0; iteration < kMaxLloydIterations; ++iteration) {
        bool changed = false;
        for (size_t i = 0; i < x.size(); ++i) {
            const int label = nearest(centroids, x[i]);
            changed = changed || label != r.labels[i];
            r.labels[i] = label;
        }
        if (!changed)
            break;
        std::vector<double> sum(centroids.size(), 0);
        std::vector<size_t> count(centroids.size(), 0);
        for (size_t i = 0; i < x.size(); ++i) {
            sum[size_t(r.labels[i])] += x[i];
            ++count[size_t(r.labels[i])];
        }
        for (size_t c = 0; c < centroids.size(); ++c)
            if (count[c] > 0)  // an emptied cluster keeps its centre
                centroids[c] = sum[c] / double(count[c]);
    }
    r.centroids = std::move(centroids);
    for (size_t i = 0; i < x.size(); ++i) {
        const double d = x[i] - r.centroids[size_t(r.labels[i])];
        r.inertia += d * d;
    }
    return r;
}

// Centroids ascending, labels renumbered to match.
void sortClusters(KMeansResult& r)
{
    std::vector<int> order(r.centroids.size());
    for (size_t c = 0; c < order.size(); ++c)
        order[c] = int(c);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return r.centroids[size_t(a)] < r.centroids[size_t(b)]; });
    std::vector<int> rank(order.size());
    std::vector<double> sorted(order.size());
    for (size_t i = 0; i < order.size(); ++i) {
        rank[size_t(order[i])] = int(i);
        sorted[i] = r.centroids[size_t(order[i])];
    }
    r.centroids = std::move(sorted);
    for (int& label : r.labels)
        label = rank[size_t(label)];
}

}  // namespace

KMeansResult kmeans1d(const std::vector<double>& points, int k, uint64_t seed, int nInit)
{
    if (points.empty() || k < 1 || nInit < 1)
        throw std::invalid_argument("k-means needs points, k >= 1 and at least one run");
    const int distinct = int(std::set<double>(points.begin(), points.end()).size());
    k = std::min(k, distinct);
    Rng rng(seed);
    KMeansResult best;
    best.inertia = std::numeric_limits<double>::infinity();
    for (int run = 0; run < nInit; ++run) {
        KMeansResult r = lloyd(points, seedCentroids(points, k, rng));
        if (r.inertia < best.inertia)
            best = std::move(r);
    }
    sortClusters(best);
    return best;
}

double silhouetteScore(const std::vector<double>& points, const std::vector<int>& labels, int clusters)
{
    std::vector<size_t> size(size_t(clusters), 0);
    for (int label : labels)
        ++size[size_t(label)];
    double total = 0;
    for (size_t i = 0; i < points.size(); ++i) {
        std::vector<double> distance(size_t(clusters), 0);
        for (size_t j = 0; j < points.size(); ++j)
            distance[size_t(labels[j])] += std::abs(points[i] - points[j]);
        const size_t own = size_t(labels[i]);
        if (size[own] <= 1)
            continue;
        const double a = distance[own] / double(size[own] - 1);
        double b = std::numeric_limits<double>::infinity();
        for (size_t c = 0; c < size_t(clusters); ++c)
            if (c != own && size[c] > 0)
                b = std::min(b, distance[c] / double(size[c]));
        const double denominator = std::max(a, b);
        total += denominator > 0 ? (b - a) / denominator : 0;
    }
    return total / double(points.size());
}

}  // namespace tessera
