#pragma once

// A job type's speedup curve as a run used it, for the width inspector's chart (issue 14, item 6:
// "per job type its load, speedup curve, chosen width"): s(k) over the type's widths [1, k_max]
// from the model the run simulated (a closed form or a Pollux profile), the widths the run gave
// the type, and the span holder's bound where BOA held the type to it.

#include "training/rent/RentalResult.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tessera {

class TrainingRentalRun;

struct SpeedupCurve {
    std::string type;
    double maxWidth = 1;                            // k_max
    std::vector<std::pair<double, double>> points;  // (k, s(k)), ascending k, from 1 to k_max
    // The widths the run gave the type: BOA's (one, or a critical mix's two, with the share of
    // jobs at each), else the mean width of its jobs over the run (one).
    std::vector<std::pair<double, double>> widths;  // (k, share of the type's jobs)
    // BOA's span holder: the bound it held this type to, when its widths reach it.
    std::optional<double> bound;
};

// Every type's curve, in the workload's type order. A measured speedup is drawn through its
// breakpoints (it is linear between them), a smooth one through 96 widths spaced evenly on a log
// scale, so that either is exact, or smooth, at any zoom.
std::vector<SpeedupCurve> speedupCurves(const TrainingRentalRun& run);

// The mean width of the jobs of `type` that arrived by `untilS` (every job of the type if none
// has): what a policy without BOA's widths gave the type.
double meanJobWidth(const std::vector<RentalJobRecord>& jobs, size_t type, double untilS);

}  // namespace tessera
