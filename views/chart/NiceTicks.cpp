#include "chart/NiceTicks.h"

#include <algorithm>
#include <cmath>

namespace tessera::chart {

namespace {
// Enough decimals to write `step` exactly, no more.
int decimalsOf(double step)
{
    int decimals = 0;
    while (decimals < 9 && std::abs(step * std::pow(10.0, decimals) - std::round(step * std::pow(10.0, decimals))) > 1e-6)
        ++decimals;
    return decimals;
}
}  // namespace

double NiceTicks::niceNumber(double x, bool round)
{
    if (!(x > 0) || !std::isfinite(x))
        return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(x)));
    const double f = x / magnitude;
    double nice;
    if (round)
        nice = f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10;
    else
        nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
    return nice * magnitude;
}

NiceTicks NiceTicks::spaced(double lo, double hi, double length, double spacing)
{
    if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo) || !(length > 0) || !(spacing > 0))
        return compute(lo, hi, 2);
    NiceTicks t;
    t.step = niceNumber((hi - lo) * spacing / length, false);
    const double eps = t.step * 1e-9;
    t.min = std::ceil((lo - eps) / t.step) * t.step;
    t.max = std::floor((hi + eps) / t.step) * t.step;
    for (int i = 0; t.min + i * t.step <= t.max + eps; ++i) {
        const double v = t.min + i * t.step;
        t.values.push_back(std::abs(v) < eps ? 0.0 : v);
    }
    t.decimals = decimalsOf(t.step);
    return t;
}

NiceTicks NiceTicks::compute(double lo, double hi, int target)
{
    if (!std::isfinite(lo) || !std::isfinite(hi)) {
        lo = 0;
        hi = 1;
    }
    if (hi < lo)
        std::swap(lo, hi);
    if (hi - lo < 1e-12 * std::max(1.0, std::abs(lo))) {
        // A flat series still gets an axis: a unit around the value (or a share of it).
        const double pad = lo == 0 ? 1 : std::abs(lo) * 0.1;
        lo -= pad;
        hi += pad;
        if (lo < 0 && lo + pad >= 0)
            lo = 0;
    }
    target = std::max(2, target);
    NiceTicks t;
    t.step = niceNumber((hi - lo) / double(target - 1), true);
    // Tolerate floating-point noise so that a maximum of exactly 100 does not add a tick at 120.
    const double eps = t.step * 1e-9;
    t.min = std::floor((lo + eps) / t.step) * t.step;
    t.max = std::ceil((hi - eps) / t.step) * t.step;
    const int count = int(std::lround((t.max - t.min) / t.step));
    for (int i = 0; i <= count; ++i) {
        const double v = t.min + i * t.step;
        t.values.push_back(std::abs(v) < eps ? 0.0 : v);
    }
    t.decimals = decimalsOf(t.step);
    return t;
}

NiceTicks NiceTicks::logarithmicTicks(double lo, double hi, int target)
{
    if (!(hi > 0) || !std::isfinite(hi))
        hi = 1;
    if (!(lo > 0) || !std::isfinite(lo) || lo > hi)
        lo = hi / 10;
    constexpr double kEps = 1e-9;
    const int first = int(std::floor(std::log10(lo) + kEps));
    const int last = std::max(first + 1, int(std::ceil(std::log10(hi) - kEps)));
    const int decades = last - first;
    target = std::max(2, target);
    NiceTicks t;
    t.logarithmic = true;
    t.min = std::pow(10.0, first);
    // The axis ends at the first 1, 2 or 5 times a power of ten at or above `hi`, not at the next
    // decade: a longest JCT of 150 h ends the axis at 200 h, not 1000 h with a third of it empty.
    t.max = std::pow(10.0, last);
    for (double m : {0.1, 0.2, 0.5})
        if (m * std::pow(10.0, last) >= hi * (1 - kEps) && m * std::pow(10.0, last) > t.min * (1 + kEps)) {
            t.max = m * std::pow(10.0, last);
            break;
        }
    t.step = 0;
    const bool thirds = decades * 3 <= target;
    const int every = thirds ? 1 : std::max(1, int(std::ceil(double(decades) / double(target - 1))));
    for (int d = first; d <= last; ++d) {
        if ((d - first) % every != 0)
            continue;
        for (double m : thirds ? std::vector<double>{1, 2, 5} : std::vector<double>{1}) {
            const double v = m * std::pow(10.0, d);
            if (v <= t.max * (1 + kEps))
                t.values.push_back(v);
        }
    }
    // The end is labelled, whether or not it falls on a decade.
    if (t.values.empty() || t.values.back() < t.max * (1 - kEps))
        t.values.push_back(t.max);
    t.decimals = std::max(0, -first);
    return t;
}

double NiceTicks::niceCeiling(double value)
{
    if (!(value > 0.0) || !std::isfinite(value))
        return 1.0;
    const double magnitude = std::pow(10.0, std::floor(std::log10(value)));
    for (double step : {1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0})
        if (step * magnitude >= value * (1.0 - 1e-9))
            return step * magnitude;
    return 10.0 * magnitude;
}

}  // namespace tessera::chart
