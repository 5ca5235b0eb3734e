#pragma once

// BOA held to the budget (training-boa-pal.md A1-A3, contracts.md 9; docs/boa-choices.md "Holding
// BOA to the budget"). The width solver meets b in expectation for the types' long-run loads.
// Two rules decide which budget it is given:
// - Analytical (infinite or Poisson streams, whose rates are the true long-run rates): the solver
//   is given b itself, and the run reports what it used.
// - SpanFitted (finite traces): a trace's per-type load is estimated over its arrival span, but
//   the contract accounts the average over first arrival to last completion, which also holds
//   the drain; so the solver would take real budgets for infeasible ones, or leave money unused.
//   The solver's budget b' is then chosen by bisection so that the *simulated* average over the
//   span is as close to b as possible without exceeding it: the largest b' on
//   (sum rho, used(0+)] whose run averages <= b. Every returned b' was run and measured.
// Either way a run that cannot be held to b (even the narrowest widths exceed it) is returned
// with withinBudget false, never hidden.

#include "training/rent/BoaPolicy.h"
#include "training/rent/RentalBudget.h"
#include "training/rent/WidthSolution.h"

#include <functional>

namespace tessera {

enum class BoaBudgetRule { Analytical, SpanFitted };

struct BoaRun {
    BoundedRun run;
    WidthSolution solution;    // the widths the run started with, solved for solverBudget
    double solverBudget = 0;   // b' (b itself under the analytical rule)
    int simulations = 0;       // runs the fit took
};

// Runs BOA on `workload` at average budget `budget`. `simulate` runs a policy over the workload
// (a whole run, or a fork's phased run) and returns its result; by default RentalSimulation.
// The widths are re-solved on drift (BoaResolve) at the same solver budget. Throws
// std::invalid_argument for a budget that is not positive and finite.
BoaRun runBoaWithinBudget(const RentalWorkload& workload, double budget, BoaBudgetRule rule,
                          WidthRealisation realisation = WidthRealisation::TimeShare,
                          const std::function<RentalResult(RentalPolicy&)>& simulate = {});

// The widths of `solution` as a BoaPolicy takes them: infeasible solutions give width 1 to every
// type, the cheapest fixed widths there are.
std::vector<TypeWidth> boaWidthsOf(const WidthSolution& solution, size_t types);

}  // namespace tessera
