#pragma once

// The six Pollux applications as rental job types (training-boa-pal.md A6), built from the
// profiles in pollux-osdi21/simulator/traces/<app>/ by the Pollux simulator's own definitions
// (petuum/adaptdl@osdi21-artifact, simulator/applications.py):
//
// - the initial batch size L is the smallest validated one (validation-<L>.csv), as there;
// - a job's work is the progress Pollux's simulator requires to finish, the smallest progress
//   over the validation files after `max_epochs` epochs (bert 2, cifar10 100, ncf 10, imagenet
//   90, deepspeech2 80, yolov3 50, the simulator's table), measured in iterations at batch size
//   L; at L on one GPU an iteration takes the step time of placement 1 at local batch L, so
//       size (seconds on one GPU) = progress x step_time(1 GPU, L);
//   every job of an application has this size (the Pollux jobs are the same program per
//   application; only their arrival and requested width differ);
// - the speedup is throughput-only at a fixed local batch L (A6's rule): for k GPUs packed onto
//   4-GPU nodes (the placement the simulator builds, e.g. 6 -> "24" after its rotation), the
//   step time at L interpolated linearly in local_bsz between the measured rows (extrapolated
//   from the two nearest outside them); k = 1..16 from placements.csv, k = 24, 32, 48, 64 from
//   scalability.csv at ceil(k / 4) nodes. s(k) = k step_time(1) / step_time(k) (step_time
//   already includes sync_time). Measurement noise can make that curve dip or grow faster
//   than k; it is repaired point by point from k = 1 upwards, s(k) := min(max(s(k), s(prev)),
//   s(prev) k / prev), so that the table meets A1 (non-decreasing, sub-linear);
// - statistical efficiency (Pollux's goodput at larger total batches) is left out: the speedup
//   is optimistic for wide jobs, equally for every policy.

#include "training/TabulatedSpeedup.h"

#include <memory>
#include <string>
#include <vector>

namespace tessera {

struct PolluxApplication {
    std::string name;
    double initBatchSize = 0;
    int maxEpochs = 0;
    double progress = 0;  // iterations at initBatchSize to finish
    double sizeS = 0;     // seconds of work on one GPU
    std::shared_ptr<const TabulatedSpeedup> speedup;
    double maxWidth = 1;  // the widest measured width
};

// The applications and their max_epochs, in the simulator's order.
struct PolluxApplicationName {
    const char* name;
    int maxEpochs;
};
const std::vector<PolluxApplicationName>& polluxApplicationNames();

// Reads one application's folder. Throws InputError for a missing or malformed file, no
// validation file, or no measured row for a width it needs.
PolluxApplication loadPolluxApplication(const std::string& dir, const PolluxApplicationName& name);

// All six from the traces folder (pollux-osdi21/simulator/traces).
std::vector<PolluxApplication> loadPolluxApplications(const std::string& tracesDir);

}  // namespace tessera
