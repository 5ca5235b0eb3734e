#pragma once

#include "training/rounds/PalTraversalOrder.h"
#include "training/rounds/PlacementExplanation.h"
#include "training/rounds/RoundCluster.h"
#include "training/rounds/RoundJob.h"
#include "training/rounds/RoundParameters.h"
#include "training/rounds/RoundPlacementFlow.h"
#include "training/rounds/RoundRecords.h"
#include "training/rounds/RoundState.h"
#include "util/Rng.h"

#include <array>
#include <cstddef>
#include <limits>
#include <vector>

namespace tessera::rounds {

class RoundSimulation;

// A run under way: the state before its next round and what it has recorded so far. Job
// records are in the simulation's (submit, id) order until RoundSimulation::finish sorts them.
// Simulations of the same jobs and cluster can take turns on one (a fork: the parent's
// parameters up to a round, another scheduler, placement or L after it).
struct RoundProgress {
    RoundState state;
    RoundRunResult result;
    // The simulation that advanced it last; it must outlive a hand-over to another.
    const RoundSimulation* lastBy = nullptr;
};

// The round-based training scheduler of training-boa-pal.md B2-B5. Rounds happen at T = k*R;
// at each, in order: advance the running jobs by R (a job reaching its total iterations
// completes at T and frees its GPUs), admit the jobs with submit <= T, order the active jobs
// (FIFO, LAS, SRTF), place them (PAL, PM-First, Packed, Random, sticky or not), rate every running
// job by its GPU set (speed = t_iter * slowest GPU's PerfVar * L if it spans nodes). A round is
// recorded when some job is admitted and unfinished after its admission step.
//
// Preemptions (all policies): jobs running before the placement (after completions) that
// afterwards run on no GPUs or on a different set. A job re-placed on exactly its previous set is
// not preempted. (The reference Packed-NS instead counts every previously running job in every
// round; this one does not.)
//
// Deterministic: the result is a function of the inputs and the seed. Random draws come from a
// stream per round (Rng::stream(seed, kDecisionStream, round)), so any round can be re-run from a
// saved state without replaying the ones before it.
class RoundSimulation {
public:
    // Throws std::invalid_argument naming the problem: a bad cluster table, a job wider than the
    // cluster or of width 0, an unknown class, a non-positive t_iter or iteration count, a
    // negative or non-finite submit time, a repeated job id, a non-positive round or L.
    RoundSimulation(std::vector<RoundJob> jobs, RoundCluster cluster, RoundParameters parameters);

    RoundRunResult run() const;

    // run() in pieces: start(), advance() any number of times, finish().
    RoundProgress start() const;
    // Runs rounds until `records` rounds are recorded in all or every job is done. When the
    // progress was made by another simulation (a fork), first saves a checkpoint where this one
    // takes over. Throws std::invalid_argument when that simulation had other jobs or another
    // cluster (sameWorld).
    void advance(RoundProgress& progress, size_t records = std::numeric_limits<size_t>::max()) const;
    RoundRunResult finish(RoundProgress progress) const;
    // Whether `other` simulates the same jobs on the same cluster, so that they can share a
    // RoundProgress.
    bool sameWorld(const RoundSimulation& other) const;
    // The placement detail of one recorded round of `result` (a run of this simulation, or the
    // stretch of a forked run that this simulation ran), re-run from the nearest saved state.
    // Throws std::out_of_range if the round was not recorded.
    RoundDecision explainRound(const RoundRunResult& result, uint32_t round) const;

    const std::vector<RoundJob>& jobs() const { return jobs_; }  // in (submit, id) order
    const RoundCluster& cluster() const { return cluster_; }
    const RoundParameters& parameters() const { return parameters_; }
    const std::vector<PalStep>& palOrder(uint32_t classIndex) const { return palOrder_[classIndex]; }

    static constexpr uint32_t kCheckpointEvery = 32;  // recorded rounds between saved states

private:
    struct StepOutcome {
        RoundRecord record;
        std::vector<uint32_t> preempted;  // job indices
    };
    RoundState initialState() const;
    // Moves an idle state (nothing admitted and unfinished) to the round of the next arrival.
    void skipIdleRounds(RoundState& state) const;
    StepOutcome step(RoundState& state, RoundDecision* decision) const;
    PlacementFlow flowFor(Rng& rng) const;  // rng: the round's draws (Random)

    std::vector<RoundJob> jobs_;
    RoundCluster cluster_;
    RoundParameters parameters_;
    std::array<std::vector<PalStep>, kRoundClasses> palOrder_;
};

}  // namespace tessera::rounds
