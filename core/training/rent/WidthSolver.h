#pragma once

// BOA's width optimisation (training-boa-pal.md A2-A3): the fixed widths k_i that minimise
//   E[T] = (1/lambda) sum_i rho_i / s_i(k_i)   subject to   sum_i rho_i k_i / s_i(k_i) <= b,
// by bisection on the Lagrange multiplier mu of the budget, each type minimising
// (1 + mu k) / s_i(k) on its own (TypeWidthMinimiser). Every solve also reports the best
// integer widths and the floor/ceil realisation, so the integer-vs-fractional gap is never hidden.

#include "training/rent/JobType.h"
#include "training/rent/TypeWidthMinimiser.h"
#include "training/rent/WidthSolution.h"

#include <vector>

namespace tessera {

class WidthSolver {
public:
    struct Options {
        double tolerance = 1e-9;  // eps of the stop rule |used(mu_hi) - b| <= eps b
        int maxIterations = 60;
        bool integerWidths = true;  // also search the best integer widths (the gap)
    };

    // Throws std::invalid_argument for no types, a type without a speedup, a load that is
    // not positive and finite, or k_max < 1.
    explicit WidthSolver(std::vector<JobType> types);
    WidthSolver(std::vector<JobType> types, Options options);

    // The widths for a time-average budget of b GPUs. Infeasible (with a message) when
    // sum rho >= b; throws std::invalid_argument for a budget that is not a finite number.
    WidthSolution solve(double budget) const;

    const std::vector<JobType>& types() const { return types_; }
    // sum rho: every budget must exceed it.
    double load() const { return load_; }
    // used(0+): the budget above which more money buys no speed.
    double saturationBudget() const;

private:
    std::vector<double> widthsAt(double mu) const;
    double usedBy(const std::vector<double>& widths) const;
    void finish(WidthSolution& solution, const std::vector<TypeWidth>& widths) const;

    std::vector<JobType> types_;
    Options options_;
    std::vector<TypeWidthMinimiser> minimisers_;
    double load_ = 0;
};

}  // namespace tessera
