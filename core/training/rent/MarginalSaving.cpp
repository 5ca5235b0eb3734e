#include "training/rent/MarginalSaving.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tessera {

namespace {

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

// JCT per unit of work and GPU-time per unit of work at width k: 1/s and k/s.
double timePerWork(const SpeedupFunction& s, double k) { return 1 / s(k); }
double gpuTimePerWork(const SpeedupFunction& s, double k) { return k / s(k); }

// |dT| / |dG| from width a to width b: the JCT one width saves over the other per GPU-hour it
// rents more; infinite where the wider one rents no more GPU-hours (a piece of a measured speedup
// that is exactly linear: the step is free).
double ratio(const SpeedupFunction& s, double narrow, double wide)
{
    const double gpu = gpuTimePerWork(s, wide) - gpuTimePerWork(s, narrow);
    if (!(gpu > 1e-9 * gpuTimePerWork(s, narrow)))
        return std::numeric_limits<double>::infinity();
    return std::max(0.0, timePerWork(s, narrow) - timePerWork(s, wide)) / gpu;
}

}  // namespace

MarginalSaving marginalSaving(const SpeedupFunction& s, double k, double kMax)
{
    // A step small enough to stay on one linear piece of a measured speedup (its breakpoints are
    // whole or 4-GPU widths apart), large enough for the difference to be exact in doubles.
    const double h = 1e-6 * std::max(1.0, k);
    MarginalSaving out;
    out.wider = k + h <= kMax ? ratio(s, k, k + h) : kNone;
    out.narrower = k - h >= 1 ? ratio(s, k - h, k) : kNone;
    return out;
}

MarginalSaving marginalSaving(const SpeedupFunction& s, const TypeWidth& width, double kMax)
{
    if (width.isSingle())
        return marginalSaving(s, width.mean(), kMax);
    const double chord = ratio(s, width.low, width.high);
    return {chord, chord};
}

}  // namespace tessera
