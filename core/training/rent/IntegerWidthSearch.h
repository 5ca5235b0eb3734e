#pragma once

// The best integer widths under a budget (training-boa-pal.md A3, "integral widths"):
//   minimise sum_i rho_i / s_i(k_i)  s.t.  sum_i rho_i k_i / s_i(k_i) <= b,  k_i in {1..floor(k_max,i)}.
// Exact, by a Pareto dynamic programme over the types: after type j it keeps every partial
// choice (cost C, time T) that no other partial choice beats in both (C' <= C, T' <= T); a
// dominated partial choice can be swapped for its dominator under any completion without
// losing feasibility or time, so the optimum survives. A partial choice is also dropped when
// even the LP relaxation of its completion (the other types may mix two widths) cannot come
// within a limit; passes raise the limit up to a known feasible answer until the fastest
// answer found is within it, which proves it optimal. The answer equals the exhaustive search
// over all combinations (tests/core/tst_widthsolver proves it on random instances).

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
    // solver's widths, or empty) seeds the known feasible answer with their floors.
    static IntegerWidths best(const std::vector<JobType>& types, double budget,
                              const std::vector<TypeWidth>& fractional = {});
};

}  // namespace tessera
