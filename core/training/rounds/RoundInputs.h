#pragma once

// The round scheduler's inputs made from the training-job model: loaded jobs become RoundJobs,
// and a drawn (or loaded) variability table, binned as training-boa-pal.md B3 says, becomes a
// RoundCluster. The one bridge between core/training and core/training/rounds.

#include "training/SlowdownBinning.h"
#include "training/TrainingJob.h"
#include "training/VariabilityTable.h"
#include "training/rounds/RoundCluster.h"
#include "training/rounds/RoundJob.h"

#include <vector>

namespace tessera::rounds {

// Every job in order. Throws std::invalid_argument naming the first job that a fixed cluster
// cannot run: no iteration count (a Pollux job), an id beyond 32 bits, or no GPUs.
std::vector<RoundJob> roundJobsOf(const std::vector<TrainingJob>& jobs);

// `nodes` x `gpusPerNode` GPUs scored by the first nodes x gpusPerNode rows of `table`, each
// class binned by `rule`. Throws std::invalid_argument when the table has fewer rows.
RoundCluster roundClusterOf(const VariabilityTable& table, uint32_t nodes, uint32_t gpusPerNode,
                            BinCountRule rule = BinCountRule::Reference);

}  // namespace tessera::rounds
