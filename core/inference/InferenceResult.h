#pragma once

#include "inference/InferencePlan.h"
#include "inference/PlanContinuity.h"
#include "inference/WorkloadClass.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tessera {

// A plan in force from `fromS` until the next one, on physical GPU ids.
struct PlanEpoch {
    double fromS = 0;
    std::string policy;                      // the spec of the policy that made it
    bool exactSizes = false;                 // its requests run at their bucket's mean size (oracle)
    std::vector<WorkloadClass> classes;      // with the rates planned for
    std::vector<PlannedInstance> instances;  // ordered by (gpu, start)
    std::vector<ClassDecision> decisions;
    std::vector<GpuChange> changes;          // what switching to this plan cost (none for the first)
    std::string trigger;                     // "start", "interval", "rate change", "fork"
};

// One row of the time series (contracts.md 8.3), describing the interval that ends at timeS.
struct InferenceStepRow {
    double timeS = 0;
    uint32_t gpusUsed = 0;
    uint32_t instances = 0;
    uint32_t computeSlices = 0;
    double sliceUtilPct = 0;
    double sloAttainmentPct = 0;  // of the requests completed in the interval (100 when none)
    double p50Ms = 0;
    double p99Ms = 0;
    double throughputRps = 0;
    uint64_t pendingRequests = 0;
    uint32_t reconfigs = 0;       // cumulative GPU reconfigurations
    std::vector<double> p50MsPerService, p99MsPerService, attainmentPctPerService;
};

// Everything one inference run produced.
struct InferenceResult {
    std::string policy;  // canonical spec
    std::string policyLabel;
    uint64_t seed = 0;
    std::string predictor;  // "learned" or "table"
    std::vector<std::string> services;  // model names, in scenario order
    std::vector<double> sloMs;          // per service
    std::vector<PlanEpoch> epochs;
    std::vector<InferenceStepRow> rows;
    // Whole-run figures for the summary table.
    uint32_t peakGpus = 0;
    double peakSlicesOverSeven = 0;  // sum of g / 7 at the most
    uint32_t peakInstances = 0;
    double sloAttainmentPct = 0;
    double p99Ms = 0;
    uint64_t requests = 0;
    uint32_t reconfigurations = 0;
    double reconfigurationDelayS = 0;
    size_t profilingCost = 0;  // profiled points the planner's performance model used
};

}  // namespace tessera
