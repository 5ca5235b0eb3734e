#pragma once

#include "run/ExplanationTable.h"
#include "training/rounds/PlacementExplanation.h"
#include "training/rounds/RoundCluster.h"
#include "training/rounds/RoundParameters.h"

namespace tessera {

// One round's placement as the decision inspector's table: a row per step of the placement rule
// for each job, in the rule's traversal order (the steps tried without room, the one taken, the
// ones never reached, greyed, with the sets they would have given), with the step's GPU set, max
// binned sf, pm penalty, locality penalty, cost and status, and why; the jobs not placed with
// their reasons; the preempted jobs by name; and each column's meaning for its header tooltip.
ExplanationTable roundExplanationTable(const rounds::RoundDecision& decision, const rounds::RoundParameters& parameters,
                                       const rounds::RoundCluster& cluster);

}  // namespace tessera
