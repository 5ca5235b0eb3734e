#pragma once

// A job type's speedup s(k) on k GPUs (training-boa-pal.md A1): s(1) = 1, continuous on
// [1, inf), non-decreasing and sub-linear (s(k)/k non-increasing). The renting kind's width
// optimisation (A3) evaluates it; each family says what it is for labels and studies.

#include <optional>
#include <string>
#include <vector>

namespace tessera {

class SpeedupFunction {
public:
    virtual ~SpeedupFunction() = default;
    // s(k) for k >= 1; callers never pass less.
    virtual double operator()(double k) const = 0;
    // One line naming the family and its parameters, e.g. "amdahl p=0.8".
    virtual std::string describe() const = 0;

    // Seams for the width optimisation (A3), which minimises (1 + mu k) / s(k) per type.
    // The k >= 1 minimising (1 + mu k) / s(k) over [1, inf) for mu > 0, when the family has a
    // closed form and that objective has no other local minimum, so that clamping the result
    // to [1, k_max] gives the minimum over [1, k_max]. Empty when there is no closed form.
    virtual std::optional<double> costMinimiser(double /*mu*/) const { return std::nullopt; }
    // The widths where a piecewise-linear s bends, ascending. (1 + mu k) / s(k) is linear-
    // fractional, hence monotone, between two of them, so its minimum over [1, k_max] lies on
    // one of them or on k_max. Empty for a smooth s.
    virtual std::vector<double> breakpoints() const { return {}; }
    // The smallest k in [1, kMax] with s(k) = s(kMax): the width at mu -> 0+, where extra GPUs
    // that bring no speed only cost GPU-hours (A3, "budget not binding"). The default bisects
    // on the non-decreasing s; families with a known answer override it.
    virtual double smallestFullSpeedWidth(double kMax) const;
};

}  // namespace tessera
