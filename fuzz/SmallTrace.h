#pragma once

// Small fixed inputs for what the CLI and the app do with an accepted input right after
// loading it: simulate. A harness that fuzzes one input (nodes, pods, GPU models, a policy)
// completes it with these and simulates briefly, so hostile values that load fine are also
// fed to the scheduler, the fragmentation and the power models.

#include "model/Cluster.h"
#include "sim/PodSimulation.h"

#include <memory>

namespace tessera::fuzz {

// Three nodes: 2 x T4, 1 x G2 (an alias) and a CPU-only one, with the built-in registry.
Cluster smallCluster();
// Six pods of every class on `cluster`'s models (CPU-only, share, whole, multi-GPU, a gpu_spec),
// with creation and deletion times when `withTimes`.
PodList smallPods(const Cluster& cluster, bool withTimes);

// A replay of `policy` in 10-minute steps (simulateBriefly falls back to the experiment for
// pods without times).
RunParameters replayParameters(PolicySpec policy);

// Runs `parameters` on the trace, in replay when `pods` has times and `parameters` asks for
// it, and checks what must hold of any result (a sample per position, finite metrics).
void simulateBriefly(const Cluster& cluster, const PodList& pods, RunParameters parameters);

}  // namespace tessera::fuzz
