#include "training/rent/BoaPolicy.h"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

namespace {

void validate(const std::vector<TypeWidth>& widths)
{
    for (size_t i = 0; i < widths.size(); ++i) {
        const TypeWidth& w = widths[i];
        if (!(std::isfinite(w.low) && std::isfinite(w.high) && w.low >= 1 && w.high >= w.low))
            throw std::invalid_argument(
                fmt::format("type {}'s widths ({}, {}) must be finite, at least 1 and low <= high", i, w.low, w.high));
        if (!(w.lowShare >= 0 && w.lowShare <= 1))
            throw std::invalid_argument(fmt::format("type {}'s low share {} is outside [0, 1]", i, w.lowShare));
    }
}

// The share of jobs that take floor(k) so that the mean width is k.
double floorShare(double k) { return std::ceil(k) - k; }

}  // namespace

BoaPolicy::BoaPolicy(std::vector<TypeWidth> widths, WidthRealisation realisation, BoaResolve resolve)
    : initial_(std::move(widths)), realisation_(realisation), resolve_(std::move(resolve))
{
    validate(initial_);
    if (resolve_.solve && !(resolve_.threshold > 0 && resolve_.checkEvery > 0))
        throw std::invalid_argument("a re-solve needs a positive drift threshold and check interval");
}

void BoaPolicy::install(std::vector<TypeWidth> widths)
{
    validate(widths);
    if (widths.size() != assumed_.size())
        throw std::invalid_argument(
            fmt::format("boa has widths for {} job types, but the workload has {}", widths.size(), assumed_.size()));
    widths_ = std::move(widths);
    pointMix_.clear();
    lowFloor_.clear();
    highFloor_.clear();
    for (const TypeWidth& w : widths_) {
        pointMix_.emplace_back(w.isSingle() ? 1.0 : w.lowShare);
        lowFloor_.emplace_back(floorShare(w.low));
        highFloor_.emplace_back(floorShare(w.high));
    }
}

void BoaPolicy::begin(const RentalWorkload& workload)
{
    workload_ = &workload;
    assumed_ = workload.types;
    install(initial_);
    windowWork_.assign(assumed_.size(), 0);
    windowCount_.assign(assumed_.size(), 0);
    windowArrivals_ = 0;
    windowStartS = workload.jobs.front().arrivalS;
    resolves_ = 0;
}

double BoaPolicy::realise(double width, size_t type, bool low)
{
    if (realisation_ == WidthRealisation::TimeShare || width == std::floor(width))
        return width;
    TwoPointMix& mix = low ? lowFloor_[type] : highFloor_[type];
    return mix.nextIsLow() ? std::floor(width) : std::ceil(width);
}

void BoaPolicy::checkDrift(double nowS)
{
    const double window = nowS - windowStartS;
    if (window <= 0)
        return;
    double assumedLoad = 0, deviation = 0;
    for (size_t i = 0; i < assumed_.size(); ++i) {
        assumedLoad += assumed_[i].load();
        deviation += std::abs(windowWork_[i] / window - assumed_[i].load());
    }
    const bool drifted = assumedLoad <= 0 || deviation / assumedLoad > resolve_.threshold;
    if (drifted) {
        std::vector<JobType> observed = assumed_;
        for (size_t i = 0; i < observed.size(); ++i) {
            observed[i].arrivalRate = double(windowCount_[i]) / window;
            if (windowCount_[i] > 0)
                observed[i].meanSize = windowWork_[i] / double(windowCount_[i]);
        }
        std::vector<TypeWidth> widths = resolve_.solve(observed);
        assumed_ = std::move(observed);
        install(std::move(widths));
        ++resolves_;
    }
    std::fill(windowWork_.begin(), windowWork_.end(), 0.0);
    std::fill(windowCount_.begin(), windowCount_.end(), 0);
    windowArrivals_ = 0;
    windowStartS = nowS;
}

double BoaPolicy::widthOnArrival(size_t job, double nowS)
{
    const RentalJob& arrival = workload_->jobs[job];
    if (resolve_.solve) {
        if (windowArrivals_ == resolve_.checkEvery)
            checkDrift(nowS);
        windowWork_[arrival.type] += arrival.sizeS;
        ++windowCount_[arrival.type];
        ++windowArrivals_;
    }
    const TypeWidth& w = widths_[arrival.type];
    const bool low = pointMix_[arrival.type].nextIsLow();
    return realise(low ? w.low : w.high, arrival.type, low);
}

}  // namespace tessera
