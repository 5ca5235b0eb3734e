#pragma once

// What a set of widths costs and buys under eq. 3 of training-boa-pal.md A2: each type's mean
// response time and the GPUs it keeps rented on average. One place computes both, so the
// solver, the integer search, the frontier and the checks that a budget holds all agree to the
// last bit (sums run over the types in order, starting from 0).

#include "training/rent/JobType.h"
#include "training/rent/TypeWidth.h"

#include <vector>

namespace tessera {

struct WidthCost {
    double meanResponse = 0;  // E[T_i] for one type; E[T] = (1/lambda) sum_i lambda_i E[T_i] for a set
    double gpus = 0;          // time-average GPUs rented: rho_i E[k / s(k)] (a set: used = the sum)
};

// One type at one width (or two-point mix): E[T_i] = E[X_i] E[1 / s(k)],
// GPUs = rho_i E[k / s(k)], the expectations over the mix's share of jobs.
WidthCost typeWidthCost(const JobType& type, const TypeWidth& width);

// Whether `used` fits `budget`, with a relative slack of 1e-12 for rounding alone: sums of the
// same GPU terms in another order differ in the last bits, and a combination exactly on the
// budget (Fig. 1's widths 4 and 1 at b = 1.04) must not fall on either side by chance.
inline bool withinBudget(double used, double budget) { return used <= budget * (1 + 1e-12); }

// All types: E[T] and used. `widths` has one entry per type.
WidthCost widthsCost(const std::vector<JobType>& types, const std::vector<TypeWidth>& widths);

}  // namespace tessera
