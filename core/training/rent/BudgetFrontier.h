#pragma once

// The cost-vs-JCT frontier (training-boa-pal.md A3, the paper's Fig. 1c): BOA's solve at each
// budget of a sweep. Each point's (used, E[T]) is optimal for its budget, so over ascending
// budgets used rises and E[T] falls.

#include "training/rent/WidthSolution.h"
#include "training/rent/WidthSolver.h"

#include <vector>

namespace tessera {

class BudgetFrontier {
public:
    // `count` budgets evenly spaced on (sum rho, used(0+)]: from just above the load, where
    // nothing is feasible, to the budget beyond which money buys no speed.
    static std::vector<double> evenBudgets(const WidthSolver& solver, int count);
    // One solve per budget, in the order given.
    static std::vector<WidthSolution> sweep(const WidthSolver& solver, const std::vector<double>& budgets);
};

}  // namespace tessera
