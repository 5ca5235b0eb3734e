#include "inference/Bucketizer.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

namespace tessera {

namespace {

double clipSizeFactor(double x)
{
    return std::clamp(x, Bucketizer::kMinSizeFactor, Bucketizer::kMaxSizeFactor);
}

// P(x <= bound) for the clipped lognormal: every draw above 2 is clipped to 2.
double sizeFactorCdf(double bound, double sigma)
{
    if (bound >= Bucketizer::kMaxSizeFactor)
        return 1.0;
    if (sigma == 0)
        return bound >= 1.0 ? 1.0 : 0.0;
    return 0.5 * std::erfc(-std::log(bound) / (sigma * std::numbers::sqrt2));
}

// A double uniform in [0, 1) from the top 53 bits of one draw.
double unitUniform(std::mt19937_64& rng)
{
    return double(rng() >> 11) * 0x1.0p-53;
}

}  // namespace

double normalQuantile(double p)
{
    // Acklam's coefficients.
    static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                                   1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
    static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                                   6.680131188771972e+01,  -1.328068155288572e+01};
    static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                                   -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
    static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                                   3.754408661907416e+00};
    constexpr double low = 0.02425;
    double x = 0;
    if (p < low) {
        const double q = std::sqrt(-2 * std::log(p));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    } else if (p <= 1 - low) {
        const double q = p - 0.5;
        const double r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
            (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    } else {
        const double q = std::sqrt(-2 * std::log(1 - p));
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    // One Halley step on the exact CDF.
    const double e = 0.5 * std::erfc(-x / std::numbers::sqrt2) - p;
    const double u = e * std::sqrt(2 * std::numbers::pi) * std::exp(x * x / 2);
    return x - u / (1 + x * u / 2);
}

Bucketizer::Bucketizer(int buckets, double sigma) : sigma_(sigma)
{
    if (buckets < 1 || buckets > kMaxBuckets)
        throw std::invalid_argument("the bucket count must be from 1 to 64");
    if (!std::isfinite(sigma) || sigma < 0)
        throw std::invalid_argument("the size spread (sigma) must be a finite number >= 0");
    for (int b = 1; b < buckets; ++b)
        upperBounds_.push_back(clipSizeFactor(std::exp(sigma * normalQuantile(double(b) / buckets))));
    upperBounds_.push_back(kMaxSizeFactor);  // the quantile at 1 is infinite: clipped to 2
}

int Bucketizer::bucketOf(double x) const
{
    const auto it = std::lower_bound(upperBounds_.begin(), upperBounds_.end(), clipSizeFactor(x));
    return int(it - upperBounds_.begin());
}

std::vector<double> Bucketizer::shares() const
{
    std::vector<double> share;
    double below = 0;  // P(x <= the previous bound)
    for (double bound : upperBounds_) {
        const double cdf = sizeFactorCdf(bound, sigma_);
        share.push_back(std::max(0.0, cdf - below));
        below = std::max(below, cdf);
    }
    return share;
}

double drawSizeFactor(std::mt19937_64& rng, double sigma)
{
    const double u1 = 1.0 - unitUniform(rng);  // (0, 1]: the logarithm stays finite
    const double u2 = unitUniform(rng);
    const double z = std::sqrt(-2 * std::log(u1)) * std::cos(2 * std::numbers::pi * u2);
    return clipSizeFactor(std::exp(sigma * z));
}

double defaultSizeExponent(std::string_view model)
{
    return model.substr(0, 4) == "bert" ? 1.0 : 2.0;
}

}  // namespace tessera
