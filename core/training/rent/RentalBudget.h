#pragma once

// Holding a baseline to the average budget b (training-boa-pal.md A1, A6; contracts.md 9). Each
// baseline has one free bound, and it gets the largest integer bound whose simulated time-average
// of rented GPUs over the span stays at or below b:
// - fixed:K and greedy: a FIFO cap on the GPUs rented at once (RentalOptions::capGpus), at least
//   the widest job; no cap when the uncapped run already stays within b;
// - autoscale: maxNodes.
// heSRPT needs no search (a cluster of b GPUs rented over the span averages b), BOA none either
// (its widths meet b in expectation; the run reports what it used).
// A bound is only ever taken after a run measured it within b; when even the smallest bound
// exceeds b, that run is returned and its budget use (RentalMetrics) shows the excess.

#include "training/rent/AutoscalePolicy.h"
#include "training/rent/RentalPolicy.h"
#include "training/rent/RentalResult.h"

#include <functional>

namespace tessera {

struct BoundedRun {
    RentalResult result;
    int bound = 0;            // the bound the result ran with (0: none needed)
    bool withinBudget = false;
};

// The largest bound in [lowest, highest] whose run averages <= budget, searched by doubling from
// `lowest` and then bisection (so O(log highest) runs; it assumes, as holds for these policies
// in practice, that more room never rents less on average, and never trusts it: every returned
// bound was run). Throws std::invalid_argument for a budget that is not positive and finite.
BoundedRun largestBoundWithinBudget(double budget, int lowest, int highest,
                                    const std::function<RentalResult(int)>& run);

// fixed:K or greedy (any fixed-width policy) under the largest FIFO cap that keeps the average
// within the budget.
BoundedRun runWithinBudgetByCap(const RentalWorkload& workload, RentalPolicy& policy, double budget);

// The autoscaler with the largest maxNodes (from minNodes up to ceil(8 b / gpusPerNode)) that
// keeps the average within the budget. Its minimum cluster is rented throughout, so when
// minNodes x gpusPerNode > b the nodes shrink to floor(b / minNodes) GPUs (at least 1).
BoundedRun runAutoscaleWithinBudget(const RentalWorkload& workload, AutoscaleParams params, double budget);

// Throws std::invalid_argument naming the budget unless it is positive and finite.
void checkBudget(double budget);

}  // namespace tessera
