#pragma once

#include <random>
#include <string_view>
#include <vector>

namespace tessera {

// Input-size buckets of mig-elasticbatch.md 2.2 Step 1. Sizes are relative to the profiled
// reference size: x = s / s_ref ~ lognormal(0, sigma), clipped to [0.5, 2]. Bucket b's upper
// bound is the x quantile at (b+1)/B, clipped the same way, so the last bound is always 2
// (B = 4, sigma = 0.3: 0.817, 1.000, 1.224, 2.000). A request is served at its bucket's upper
// bound (padding). Bounds may repeat when clipping meets them (a large sigma with many
// buckets): such buckets are empty, and bucketOf never returns them.
class Bucketizer {
public:
    static constexpr double kMinSizeFactor = 0.5;
    static constexpr double kMaxSizeFactor = 2.0;
    static constexpr int kMaxBuckets = 64;

    // buckets in 1..kMaxBuckets, sigma finite and >= 0; otherwise std::invalid_argument.
    Bucketizer(int buckets, double sigma);

    const std::vector<double>& upperBounds() const { return upperBounds_; }
    double upperBound(int bucket) const { return upperBounds_.at(size_t(bucket)); }
    int bucketCount() const { return int(upperBounds_.size()); }
    // The first bucket whose upper bound is >= x (x is clipped to [0.5, 2] first).
    int bucketOf(double x) const;
    // The probability that a drawn size (drawSizeFactor) falls in each bucket: 1/B each unless
    // clipping merged bounds (a repeated bound's bucket gets 0, the first of them the mass).
    std::vector<double> shares() const;
    double sigma() const { return sigma_; }

private:
    double sigma_ = 0;
    std::vector<double> upperBounds_;
};

// One size factor: exp(sigma * z), z standard normal by Box-Muller on two 53-bit uniform
// doubles of the generator, clipped to [0.5, 2]. Hand-written, so every standard library gives
// the same numbers. sigma 0 gives 1 (and still consumes two draws).
double drawSizeFactor(std::mt19937_64& rng, double sigma);

// The inverse of the standard normal CDF, for p in (0, 1) (Acklam's rational approximation,
// refined by one Halley step on std::erfc: about 1e-15 relative error).
double normalQuantile(double p);

// k in lat(x) = lat_ref * x^k: 1 for BERT and other models named bert* (the size is a sequence
// length), 2 for the CNNs (the size is an image side; cost grows with pixels).
double defaultSizeExponent(std::string_view model);

}  // namespace tessera
