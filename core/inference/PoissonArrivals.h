#pragma once

// Poisson arrival times with a piecewise-constant rate, drawn segment by segment: exponential
// gaps at the segment's rate, restarted at each segment's start (exact, the process being
// memoryless). The exponential is drawn by hand from mt19937_64 (-log of a uniform in (0, 1]),
// never through std::exponential_distribution, whose algorithm the standard leaves open.

#include "inference/InferenceScenario.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace tessera {

class PoissonArrivals {
public:
    // Arrivals in [0, endS); rate 0 before the first point.
    PoissonArrivals(const std::vector<RatePoint>& rates, double endS, std::mt19937_64& rng) : rng_(rng)
    {
        for (size_t i = 0; i < rates.size(); ++i) {
            const double from = std::max(0.0, rates[i].fromS);
            const double to = std::min(endS, i + 1 < rates.size() ? rates[i + 1].fromS : endS);
            if (rates[i].rateRps > 0 && to > from)
                segments_.push_back({from, to, 1 / rates[i].rateRps});
        }
        if (!segments_.empty())
            enter(0);
    }

    // The next arrival time, or infinity after the last.
    double next()
    {
        for (;;) {
            t_ += exponential() * meanGapS_;
            if (t_ < endS_)
                return t_;
            if (++segment_ >= segments_.size())
                return kNever;
            enter(segment_);
        }
    }

    static constexpr double kNever = std::numeric_limits<double>::infinity();

private:
    struct Segment {
        double fromS, toS, meanGapS;
    };

    void enter(size_t i)
    {
        segment_ = i;
        t_ = segments_[i].fromS;
        endS_ = segments_[i].toS;
        meanGapS_ = segments_[i].meanGapS;
    }

    // A unit exponential: -log(u) with u uniform in (0, 1] from the top 53 bits.
    double exponential() { return -std::log(double((rng_() >> 11) + 1) * 0x1.0p-53); }

    std::mt19937_64& rng_;
    std::vector<Segment> segments_;
    size_t segment_ = 0;
    double t_ = 0;
    double endS_ = -1;  // no segment: next() returns kNever at once
    double meanGapS_ = 0;
};

}  // namespace tessera
