#pragma once

// A Pollux application's speedup s(k), built by the rule of training-boa-pal.md A6 (inferred
// choices in docs/boa-choices.md):
//   - one local batch size L for every width (by default the largest L measured at every
//     width, so no width is extrapolated);
//   - for each GPU count k, the measurement with the fewest nodes; among placements with as
//     few nodes, the most packed (per-node counts, sorted, lexicographically largest: the
//     greedy fill of 4-GPU nodes that Pollux's own get_configurations uses);
//   - step_time at L, linear in local_bsz between the two nearest measured batches;
//   - throughput(k) = k L / step_time(k) (step_time already includes sync_time);
//     s(k) = throughput(k) / throughput(1);
//   - A1's assumptions held by the least curve at or above every measurement that is
//     non-decreasing and sub-linear (a measurement is a lower bound: noise only slows a step),
//     rescaled so that s(1) = 1; each point it moves is counted.

#include "training/TabulatedSpeedup.h"
#include "training/rent/PolluxProfile.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tessera {

struct PolluxWidth {
    int gpus = 0;
    int nodes = 0;
    std::string placement;  // empty when the width comes from scalability.csv
    double stepTime = 0;    // at the chosen local batch
    double measuredSpeedup = 0;  // k L / step_time(k) over the measured one-GPU throughput
    double speedup = 0;          // after holding A1's assumptions
};

struct PolluxSpeedup {
    double localBatch = 0;
    std::vector<PolluxWidth> widths;  // ascending GPUs, the first one GPU
    std::shared_ptr<const TabulatedSpeedup> speedup;
    int adjustedPoints = 0;  // widths (the one-GPU one included) the curve raised above their measurement

    // The widest measured width: the type's k_max (s is flat beyond it).
    double maxWidth() const { return widths.back().gpus; }
};

// Throws InputError (file level, naming the file that lacks it) when no one-GPU measurement
// exists, or when the widths share no local batch (or do not reach `localBatch` when given).
PolluxSpeedup polluxSpeedup(const std::vector<PolluxMeasurement>& rows, std::optional<double> localBatch = {});

// The step time of `gpus` GPUs at local batch `localBatch`, by the same rule as the speedup's
// points (the configuration with the fewest nodes, the most packed; linear in local_bsz between
// the nearest measured batches). Throws InputError (file level) when no configuration of that
// many GPUs is measured or its measured batches do not reach `localBatch`.
double polluxStepTime(const std::vector<PolluxMeasurement>& rows, int gpus, double localBatch);

// loadPolluxProfile(applicationDir), then polluxSpeedup.
PolluxSpeedup loadPolluxSpeedup(const std::string& applicationDir, std::optional<double> localBatch = {});

}  // namespace tessera
