#pragma once

// PAL's job speed model (training-boa-pal.md B2), as pure functions of a job's GPU set: the
// slowest GPU gates the job (pm_penalty), and a set spanning nodes pays the constant locality
// penalty L. GPU g sits on node g div GPUs-per-node.

#include "training/JobClass.h"
#include "training/VariabilityTable.h"

#include <vector>

namespace tessera {

// max over the set of PerfVar_class(g); 1.0 for an empty set. GPU ids must be in the table.
double pmPenalty(const VariabilityTable& table, JobClass jobClass, const std::vector<int>& gpus);

// L when the set spans more than one node, else 1.0. gpusPerNode >= 1.
double localityPenalty(const std::vector<int>& gpus, int gpusPerNode, double penalty);

// Seconds per iteration on the set: t_iter x pm_penalty x locality_penalty.
inline double slowedIterationS(double iterationS, double pm, double locality) { return iterationS * pm * locality; }

// Iterations a running job gains in one round of roundS seconds.
inline double iterationsPerRound(double roundS, double iterationS, double pm, double locality)
{
    return roundS / slowedIterationS(iterationS, pm, locality);
}

}  // namespace tessera
