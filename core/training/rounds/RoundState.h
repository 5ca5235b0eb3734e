#pragma once

#include "training/rounds/RoundCluster.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tessera::rounds {

enum class JobPhase : uint8_t { Waiting, Active, Done };

// One job's progress between rounds.
struct JobProgress {
    JobPhase phase = JobPhase::Waiting;
    double iterations = 0;  // done so far
    double attainedS = 0;   // LAS: +R per round run, not weighted by GPUs (B2)
    GpuList gpus;           // current set; empty = not running
    double pmPenalty = 1;   // of the current set, rated at every round's placement
    double localityPenalty = 1;  // L of the simulation that placed the last round, if the set spans nodes
    bool operator==(const JobProgress&) const = default;
};

// Everything a round depends on: the simulation is a function of this state, so any round can be
// re-run (explained) from a saved copy. Jobs are indexed in (submit, id) order.
struct RoundState {
    uint32_t round = 0;      // the next round to run, at T = round * R
    size_t nextArrival = 0;  // first job not yet admitted
    uint32_t done = 0;
    std::vector<JobProgress> jobs;
    bool operator==(const RoundState&) const = default;
};

}  // namespace tessera::rounds
