#pragma once

// What a job type's width is worth at the margin, in the unit of BOA's multiplier mu: hours of
// the job's JCT per GPU-hour the job rents. BOA minimises, per type, E[T_i] + mu x (GPU-hours per
// job) = E[X_i] (1 + mu k) / s_i(k) (training-boa-pal.md A3), so where the width moves by dk the
// JCT moves by E[X] s'/s^2 dk and the GPU-hours by E[X] (s - k s')/s^2 dk: their ratio,
// s' / (s - k s'), is the JCT saved per extra GPU-hour, and at an interior optimum it is mu.
// A measured (piecewise-linear) speedup bends at its breakpoints, where the step up and the step
// down differ: BOA's optimum then has  saved(wider) <= mu <= lost(narrower). A two-point mix
// (critical mix) moves jobs between its two widths, at the chord's rate, which is mu.

#include "training/SpeedupFunction.h"
#include "training/rent/TypeWidth.h"

namespace tessera {

struct MarginalSaving {
    // JCT hours saved per extra GPU-hour by widening from the width (the speedup's slope to the
    // right); NaN at k_max (no wider width), infinite where widening rents no more GPU-hours (a
    // piece of the speedup that is exactly linear).
    double wider = 0;
    // JCT hours lost per GPU-hour saved by narrowing from the width (the slope to the left); NaN
    // at 1 GPU (no narrower width), infinite where narrowing saves no GPU-hours.
    double narrower = 0;
};

// At a single width k of a type whose widths stop at kMax.
MarginalSaving marginalSaving(const SpeedupFunction& s, double k, double kMax);
// Of a type's width: marginalSaving() at a single width; for a two-point mix, both sides the
// chord between its widths (moving a share of the jobs from one to the other).
MarginalSaving marginalSaving(const SpeedupFunction& s, const TypeWidth& width, double kMax);

}  // namespace tessera
