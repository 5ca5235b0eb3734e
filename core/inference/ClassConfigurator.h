#pragma once

#include "inference/InferencePlan.h"
#include "inference/WorkloadClass.h"

#include <cstdint>
#include <vector>

namespace tessera {

class MigGpuType;
class PerformanceModel;

// The (size, batch, procs) points a planner may choose from, each ascending: the loop order that,
// with a strict ">" on throughput per slice, breaks ties towards smaller sizes, then smaller
// batches, then fewer processes (ParvaGPU's configurator; mig-elasticbatch.md 2.2 Step 3).
struct ConfigurationGrid {
    std::vector<int> computeSlices;
    std::vector<int> batches;
    int maxProcs = 1;
};

// The profiled sizes (1, 2, 3, 4 and 7 compute slices) that `gpu` has a classic profile for,
// the profiled batches 1..256, and procs 1..maxProcs.
ConfigurationGrid profiledGrid(const MigGpuType& gpu, int maxProcs);

// The SLO rule of Step 3: a point is feasible iff safety x latency < 0.9 x SLO / 2 (half the SLO
// is left for the batching wait, with a 10% margin).
bool meetsLatencyRule(double latencyMs, double safetyFactor, double sloMs);

// Step 3 for one class: every grid point, in loop order, with the performance model's estimate
// at the class's padded size (or its mean size when `exactSize`), and the feasible point with the
// highest total throughput per compute slice. A candidate's throughput is the one the planner
// counts on: the model's divided by its safety factor. Replicas are left to the caller.
ClassDecision configureClass(uint32_t classId, const WorkloadClass& workload,
                             const PerformanceModel& performance, const ConfigurationGrid& grid,
                             bool exactSize = false);

// For each size of the grid, the feasible candidate with the highest throughput per slice (-1
// when the size has none), in grid order: ParvaGPU's size_k_point.
std::vector<int> bestCandidatePerSize(const ClassDecision& decision, const ConfigurationGrid& grid);

// Step 4: the replicas of a point that cover `rateRps` (ceil; none for no load).
int replicasFor(double rateRps, double throughputRps);

}  // namespace tessera
