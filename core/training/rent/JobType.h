#pragma once

// One job type of the renting kind (training-boa-pal.md A1): its long-run arrival rate, mean
// size and speedup function. The width optimisation (A3) needs only these; the event simulation
// (A4) maps every job of a workload to one type.

#include "training/SpeedupFunction.h"

#include <memory>
#include <string>

namespace tessera {

struct JobType {
    std::string name;                                // e.g. "bert", "amdahl-0.8"
    double arrivalRate = 0;                          // lambda_i, jobs per second
    double meanSize = 0;                             // E[X_i], seconds of work on one GPU
    std::shared_ptr<const SpeedupFunction> speedup;  // s_i(k), never null
    double maxWidth = 1;                             // k_max,i >= 1

    // rho_i = lambda_i * E[X_i]: the GPUs this type keeps busy at width 1.
    double load() const { return arrivalRate * meanSize; }
};

}  // namespace tessera
