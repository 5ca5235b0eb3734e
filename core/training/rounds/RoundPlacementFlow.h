#pragma once

#include "training/rounds/PlacementExplanation.h"
#include "training/rounds/RoundCluster.h"
#include "training/rounds/RoundJob.h"
#include "training/rounds/RoundState.h"

#include <functional>
#include <optional>
#include <vector>

namespace tessera::rounds {

// Picks GPUs for job `job` from the current free mask; appends what it tried to `trail` when
// one is given.
using GpuChooser = std::function<std::optional<GpuList>(uint32_t job, const std::vector<char>& freeMask,
                                                        std::vector<CandidateSet>* trail)>;

// How a placement policy runs a round (training-boa-pal.md B4, B5):
//   sticky       running jobs keep their GPUs and are skipped; otherwise every running job is
//                released first and re-placed (preempt-all);
//   classSort    B4 step 2: the prefix of the order whose cumulative width fits the cluster is
//                stable-sorted by class (A first), the rest follow in order;
//   preemptTail  Packed-S: when a job does not fit, running jobs strictly behind it are
//                preempted from the tail, one at a time, retrying after each.
// Every policy stops at the first job that cannot be placed (no backfilling): B4 and B5 say so
// for PAL, PM-First and Packed; the Random baselines follow the same rule here [inferred].
struct PlacementFlow {
    bool sticky = false;
    bool classSort = false;
    bool preemptTail = false;
    GpuChooser choose;
};

// Runs the placement of one round over `order` (indices into jobs, all active), updating the GPU
// sets in `progress` (penalties are re-rated by the caller). With `decision`, records each job's
// candidates and outcome.
void placeRound(const PlacementFlow& flow, const RoundCluster& cluster, const std::vector<RoundJob>& jobs,
                std::vector<JobProgress>& progress, const std::vector<uint32_t>& order, RoundDecision* decision);

// B4 step 2, exposed for tests.
std::vector<uint32_t> classSortedOrder(const std::vector<RoundJob>& jobs, const std::vector<uint32_t>& order,
                                       uint32_t gpuCount);

}  // namespace tessera::rounds
