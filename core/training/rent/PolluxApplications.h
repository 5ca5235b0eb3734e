#pragma once

// The six Pollux applications as rental job types (training-boa-pal.md A6), built from the
// profiles in pollux-osdi21/simulator/traces/<app>/ by the Pollux simulator's own definitions
// (petuum/adaptdl@osdi21-artifact, simulator/applications.py):
//
// - the initial batch size L is the smallest validated one (validation-<L>.csv), as there;
// - a job's work is the progress Pollux's simulator requires to finish, the smallest progress
//   over the validation files after `max_epochs` epochs (bert 2, cifar10 100, ncf 10, imagenet
//   90, deepspeech2 80, yolov3 50, the simulator's table), measured in iterations at batch size
//   L; at L on one GPU an iteration takes the step time of one GPU at local batch L
//   (polluxStepTime), so
//       size (seconds on one GPU) = progress x step_time(1 GPU, L);
//   every job of an application has this size (the Pollux jobs are the same program per
//   application; only their arrival and requested width differ);
// - the speedup is the one rule of PolluxSpeedup.h (A6, docs/boa-choices.md "Speedups from
//   Pollux profiles"): throughput at one fixed local batch, the fewest nodes per width, held to
//   A1's shape. Statistical efficiency (Pollux's goodput at larger total batches) is left out:
//   the speedup is optimistic for wide jobs, equally for every policy.

#include "training/rent/PolluxSpeedup.h"

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
    PolluxSpeedup speedup;  // the speedup and its widths; speedup.maxWidth() is k_max
};

// The applications and their max_epochs, in the simulator's order.
struct PolluxApplicationName {
    const char* name;
    int maxEpochs;
};
const std::vector<PolluxApplicationName>& polluxApplicationNames();

// Reads one application's folder. Throws InputError for a missing or malformed file, no
// validation file, or a profile PolluxSpeedup refuses.
PolluxApplication loadPolluxApplication(const std::string& dir, const PolluxApplicationName& name);

// All six from the traces folder (pollux-osdi21/simulator/traces).
std::vector<PolluxApplication> loadPolluxApplications(const std::string& tracesDir);

}  // namespace tessera
