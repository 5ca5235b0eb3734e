#pragma once

#include "inference/ServingPoint.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tessera {

// One (profile, batch, procs) point a planner considered for a class, for the decision
// inspector: what the performance model predicts and whether the SLO rule admits it.
struct PlanCandidate {
    ServingPoint point;
    bool feasible = false;
    std::string reason;  // why it is infeasible: "out of memory", "latency 52 ms >= 45 ms"
};

// A planner's choice for one class (Step 3-4): the candidates in the planner's loop order, the
// one chosen and how many replicas cover the class's rate.
struct ClassDecision {
    uint32_t classId = 0;
    std::vector<PlanCandidate> candidates;
    int chosen = -1;  // index into candidates, -1 when nothing is feasible
    int replicas = 0;
    std::string why;
};

// One GPU instance of a plan: where it is and what it serves.
struct PlannedInstance {
    uint32_t classId = 0;
    uint16_t profile = 0;  // index into MigGpuType::profiles()
    uint8_t start = 0;
    uint32_t gpu = 0;
    ServingPoint point;
    bool idle = false;     // a static layout's instance that no class uses
};

// What a planner produces for one set of class rates: instances on GPUs 0..gpuCount-1, and why.
struct InferencePlan {
    std::vector<PlannedInstance> instances;  // ordered by (gpu, start)
    std::vector<ClassDecision> decisions;    // one per class, in class order
    uint32_t gpuCount = 0;
};

}  // namespace tessera
