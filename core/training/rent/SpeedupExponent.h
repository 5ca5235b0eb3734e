#pragma once

// The exponent p of a power law k^p that stands for a speedup, for heSRPT (training-boa-pal.md A6),
// whose allocation rule holds for s(k) = k^p only.

#include "training/rent/JobType.h"

#include <vector>

namespace tessera {

// alpha itself for a power law; otherwise the least-squares slope through the origin of log s(k)
// against log k at k = 2, 4, 8, ... up to max(2, maxWidth) (s(1) = 1 pins the origin), clamped to
// [0.01, 0.99] so that heSRPT's 1 / (1 - p) stays finite.
double powerLawExponent(const SpeedupFunction& speedup, double maxWidth);

// One exponent for a mix of types: the per-type exponents weighted by load rho_i (by count when
// no type has a load), since heSRPT shares one cluster among all jobs with one rule.
double powerLawExponent(const std::vector<JobType>& types);

}  // namespace tessera
