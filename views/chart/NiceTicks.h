#pragma once

#include <vector>

namespace tessera::chart {

// Axis ticks at "nice" steps (1, 2 or 5 times a power of ten) covering a data range: the
// rounding of Heckbert, "Nice numbers for graph labels" (Graphics Gems, 1990), applied to the
// raw step, so that 0-130 gets steps of 20 rather than 50.
struct NiceTicks {
    double min = 0;   // the range widened outward to whole steps
    double max = 1;
    double step = 1;
    std::vector<double> values;  // min, min + step, ..., max
    int decimals = 0;            // enough to tell the ticks apart, no more
    // Ticks of a logarithmic axis (logarithmic()): min and max are powers of ten, `step` is
    // unused, and each label takes the decimals its own value needs (0.05, 1, 300).
    bool logarithmic = false;

    // About `target` ticks over [lo, hi]; an empty or inverted range is widened around lo.
    static NiceTicks compute(double lo, double hi, int target = 6);
    // Ticks of a logarithmic axis over [lo, hi] (lo > 0): from the power of ten at or below lo
    // to the one at or above hi, at 1, 2 and 5 times each power when about `target` of them fit,
    // else at every power (or every few).
    static NiceTicks logarithmicTicks(double lo, double hi, int target = 6);
    // Ticks over [lo, hi] drawn along `length` pixels, at the smallest nice step that keeps
    // ticks at least `spacing` pixels apart: as dense as labels allow, not rounded up to a
    // sparse step (0-90 h over 490 px: every 20 h, not 0 and 50). Only ticks inside the range.
    static NiceTicks spaced(double lo, double hi, double length, double spacing);
    // The nice number nearest to `x` (round) or the smallest one not below it.
    static double niceNumber(double x, bool round);
    // A round axis maximum at or above `value` (1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of
    // ten), so the data fills most of the axis; 1 for a value that is not above 0. The app's
    // charts (SeriesFeeder::niceCeiling) and the renting charts' budget axis (BudgetAxis).
    static double niceCeiling(double value);
};

}  // namespace tessera::chart
