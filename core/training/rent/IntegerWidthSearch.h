#pragma once

// The best integer widths under a budget (training-boa-pal.md A3, "integral widths"):
//   minimise sum_i rho_i / s_i(k_i)  s.t.  sum_i rho_i k_i / s_i(k_i) <= b,  k_i in {1..floor(k_max,i)}.
// Exact, by a Pareto dynamic programme over the types: after type j it keeps every partial
// choice (cost C, time T) that no other partial choice beats in both (C' <= C, T' <= T); a
// dominated partial choice can be swapped for its dominator under any completion without
// losing feasibility or time, so the optimum survives. A partial choice is also dropped when
// even its best completion cannot beat a known feasible answer (the incumbent), by the
// Lagrangian bound T + sum_{i>j} min_k (t_i(k) + mu c_i(k)) - mu (b - C), valid for any
// mu >= 0 and tight near the fractional optimum's multiplier. The answer equals the
// exhaustive search over all combinations (tests/core/tst_widthsolver proves it).

#include "training/rent/JobType.h"
#include "training/rent/TypeWidth.h"
#include "training/rent/WidthSolution.h"

#include <vector>

namespace tessera {

class IntegerWidthSearch {
public:
    // A frontier larger than this is thinned (keeping its extremes and evenly spaced costs)
    // and the answer marked inexact; real instances stay far below it.
    static constexpr size_t kMaxFrontier = size_t(1) << 18;

    // Empty widths (NaN E[T]) when even width 1 everywhere exceeds b. `fractional` (the
    // solver's widths, or empty) seeds the incumbent with their floors; `multiplier` is the
    // mu of the bound (the solver's; 0 gives a weaker but still valid bound).
    static IntegerWidths best(const std::vector<JobType>& types, double budget,
                              const std::vector<TypeWidth>& fractional = {}, double multiplier = 0);
};

}  // namespace tessera
