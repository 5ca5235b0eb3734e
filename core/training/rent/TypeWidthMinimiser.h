#pragma once

// One type's step of the width optimisation (training-boa-pal.md A3):
//   k_i(mu) = argmin_{1 <= k <= k_max} (1 + mu k) / s_i(k),
// by the family's closed form when it has one, over the breakpoints of a piecewise-linear s,
// and otherwise by a grid scan refined with a golden-section search (the objective need not
// be convex for an arbitrary concave s, so a bare golden section could stop in a side valley).

#include "training/rent/JobType.h"

#include <memory>
#include <vector>

namespace tessera {

class TypeWidthMinimiser {
public:
    // Throws std::invalid_argument for a null speedup or k_max < 1 (or not finite).
    explicit TypeWidthMinimiser(const JobType& type);

    // k_i(mu) for mu > 0; k_i(0+) for mu <= 0.
    double at(double mu) const;
    // k_i(0+): the smallest k in [1, k_max] attaining max s_i (A3: not k_max, which can cost
    // GPU-hours for no speed, as min(k, c) with k_max > c does).
    double fullSpeedWidth() const { return fullSpeed_; }

private:
    double scan(double mu) const;
    double objective(double mu, double k) const;

    std::shared_ptr<const SpeedupFunction> speedup_;
    double maxWidth_;
    double fullSpeed_;
    std::vector<double> candidates_;  // breakpoints in [1, k_max] and k_max; empty if s is smooth
    std::vector<double> candidateSpeedups_;  // s at each candidate: a bisection evaluates them often
};

}  // namespace tessera
