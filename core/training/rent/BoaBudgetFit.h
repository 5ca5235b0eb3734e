#pragma once

// BOA held to the budget (training-boa-pal.md A1-A3, contracts.md 9; docs/boa-choices.md "Holding
// BOA to the budget"). The width solver meets b in expectation for the types' long-run loads.
// The rule decides which budget it is given, and for which types:
// - Analytical (infinite or Poisson streams, whose rates are the true long-run rates): the solver
//   is given b itself, and the run reports what it used.
// - SpanFittedOneMultiplier (finite traces, eq. 3 as the spec states it): a trace's per-type load
//   is estimated over its arrival span, but the contract accounts the average over first arrival
//   to last completion, which also holds the drain. The solver's budget b' is chosen so that the
//   *simulated* average is as close to b as possible without exceeding it: the largest b' on
//   (sum rho, used(0+)] whose run averages <= b (a grid, then a bisection). Every returned b' was
//   run and measured.
// - SpanFitted (finite traces, the default): the same fit, and besides it one fit per "span
//   holder": a type h whose jobs end after the last arrival, with its widths bounded by w
//   (A3's k_max,h = w) for each of its candidate widths w. On a trace the accounted budget is
//   b x span GPU-hours and the span is set by the type that ends last; BOA's one multiplier
//   ties that type's width to every other's, so once the multiplier is low enough to widen the
//   others, the span type widens too, the span collapses and the fit must back off: the money
//   is left unspent (Pollux workload-1 at b = 24: 10.2 GPUs). Bounding the span type's width
//   separates the two; the rest is A3 unchanged. The fit with the lowest simulated mean JCT
//   within b is kept (the one-multiplier fit among them, so it is never worse than that).
// Either way a run that cannot be held to b (even the narrowest widths exceed it) is returned
// with withinBudget false, never hidden.

#include "training/rent/BoaPolicy.h"
#include "training/rent/RentalBudget.h"
#include "training/rent/WidthSolution.h"

#include <functional>
#include <optional>

namespace tessera {

enum class BoaBudgetRule { Analytical, SpanFittedOneMultiplier, SpanFitted };

// The type whose widths a SpanFitted run bounds to hold the span, and the bound.
struct SpanHolder {
    size_t type = 0;
    double maxWidth = 1;
};

struct BoaRun {
    BoundedRun run;
    WidthSolution solution;    // the widths the run started with, solved for solverBudget
    double solverBudget = 0;   // b' (b itself under the analytical rule)
    std::optional<SpanHolder> spanHolder;  // SpanFitted: the bound that won, if any
    int simulations = 0;       // runs the fit took
};

// Runs BOA on `workload` at average budget `budget`. `simulate` runs a policy over the workload
// (a whole run, or a fork's phased run) and returns its result; by default RentalSimulation.
// The widths are re-solved on drift (BoaResolve) at the same solver budget and bounds. Throws
// std::invalid_argument for a budget that is not positive and finite.
BoaRun runBoaWithinBudget(const RentalWorkload& workload, double budget, BoaBudgetRule rule,
                          WidthRealisation realisation = WidthRealisation::TimeShare,
                          const std::function<RentalResult(RentalPolicy&)>& simulate = {});

// The widths of `solution` as a BoaPolicy takes them: infeasible solutions give width 1 to every
// type, the cheapest fixed widths there are.
std::vector<TypeWidth> boaWidthsOf(const WidthSolution& solution, size_t types);

// The widths a SpanFitted fit tries as bounds for type `type` of `workload`: its speedup's
// breakpoints in [1, k_max] (every whole width for a smooth speedup) below the width at which
// more GPUs bring no speed, at which the type's last job still ends after the last arrival and
// after every other type's last job at that type's full-speed width. The span is never shorter
// than those, so a bound under which the type ends no later cannot hold the span.
std::vector<double> spanHolderWidths(const RentalWorkload& workload, size_t type);

}  // namespace tessera
