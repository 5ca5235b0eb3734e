#include "training/rent/TypeWidthMinimiser.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

namespace {
// The scan: log-spaced, because the interesting widths of a cheap multiplier span decades.
constexpr int kGridPoints = 64;
// Golden section to a relative width of 1e-10: far below a GPU, far above rounding noise.
constexpr double kGoldenTolerance = 1e-10;
const double kInverseGolden = (std::sqrt(5.0) - 1) / 2;
}  // namespace

TypeWidthMinimiser::TypeWidthMinimiser(const JobType& type) : speedup_(type.speedup), maxWidth_(type.maxWidth)
{
    if (!speedup_)
        throw std::invalid_argument(fmt::format("job type \"{}\" has no speedup function", type.name));
    if (!(maxWidth_ >= 1 && std::isfinite(maxWidth_)))
        throw std::invalid_argument(
            fmt::format("job type \"{}\": the maximum width must be at least 1 GPU, not {}", type.name, maxWidth_));
    fullSpeed_ = std::clamp(speedup_->smallestFullSpeedWidth(maxWidth_), 1.0, maxWidth_);
    const std::vector<double> bends = speedup_->breakpoints();
    if (!bends.empty()) {
        for (double k : bends)
            if (k >= 1 && k < maxWidth_)
                candidates_.push_back(k);
        candidates_.push_back(maxWidth_);
        for (double k : candidates_)
            candidateSpeedups_.push_back((*speedup_)(k));
    }
}

double TypeWidthMinimiser::objective(double mu, double k) const { return (1 + mu * k) / (*speedup_)(k); }

double TypeWidthMinimiser::at(double mu) const
{
    if (!(mu > 0))
        return fullSpeed_;
    if (const std::optional<double> k = speedup_->costMinimiser(mu))
        return std::clamp(*k, 1.0, maxWidth_);
    if (!candidates_.empty()) {
        // Strict < keeps the narrowest of equal minima: the same E[T] for fewer GPU-hours.
        double best = candidates_.front();
        double bestValue = (1 + mu * best) / candidateSpeedups_.front();
        for (size_t i = 1; i < candidates_.size(); ++i) {
            const double value = (1 + mu * candidates_[i]) / candidateSpeedups_[i];
            if (value < bestValue) {
                best = candidates_[i];
                bestValue = value;
            }
        }
        return best;
    }
    return scan(mu);
}

double TypeWidthMinimiser::scan(double mu) const
{
    if (maxWidth_ == 1)
        return 1;
    // Grid scan: the best of kGridPoints log-spaced widths brackets the minimum between its
    // neighbours (up to the grid's resolution on a multi-modal objective).
    const double logMax = std::log(maxWidth_);
    auto gridWidth = [&](int i) { return i == kGridPoints - 1 ? maxWidth_ : std::exp(logMax * i / (kGridPoints - 1)); };
    int bestIndex = 0;
    double bestValue = objective(mu, 1);
    for (int i = 1; i < kGridPoints; ++i) {
        const double value = objective(mu, gridWidth(i));
        if (value < bestValue) {
            bestIndex = i;
            bestValue = value;
        }
    }
    double lo = gridWidth(std::max(bestIndex - 1, 0));
    double hi = gridWidth(std::min(bestIndex + 1, kGridPoints - 1));
    // Golden section on [lo, hi].
    double a = hi - kInverseGolden * (hi - lo);
    double b = lo + kInverseGolden * (hi - lo);
    double fa = objective(mu, a);
    double fb = objective(mu, b);
    while (hi - lo > kGoldenTolerance * hi) {
        if (fa <= fb) {
            hi = b;
            b = a;
            fb = fa;
            a = hi - kInverseGolden * (hi - lo);
            fa = objective(mu, a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + kInverseGolden * (hi - lo);
            fb = objective(mu, b);
        }
    }
    const double refined = (lo + hi) / 2;
    // Never worse than the best grid point (the section may end on a plateau's edge).
    return objective(mu, refined) <= bestValue ? refined : gridWidth(bestIndex);
}

}  // namespace tessera
