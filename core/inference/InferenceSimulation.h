#pragma once

#include "inference/InferenceResult.h"
#include "util/Progress.h"

#include <cstdint>
#include <memory>
#include <string>

namespace tessera {

struct InferenceScenario;
class InferencePolicy;
class PerformanceModel;
class ProfileData;

// The knobs of one inference run (contracts.md 8.3).
struct InferenceOptions {
    std::string gpuType = "A100-80GB";
    double durationS = 600;
    double stepS = 60;             // the time series' row spacing
    uint64_t seed = 42;            // the Poisson arrivals
    std::string predictor;         // "learned", "table", or empty: the policy's default
    int buckets = 4;
    double sizeSigma = -1;         // >= 0 overrides every service's input-size spread
    double reconfigDelayS = 5;     // per created or destroyed instance (mig-elasticbatch.md 1.4)
    double replanIntervalS = 60;   // Step 6
    double replanThreshold = 0.2;  // a class's rate changing by more re-plans at once
    unsigned threads = 1;
    double loadScale = 1;          // what the scenario's rates were scaled by (for the record)
};

// What runs share: the scenario, the profiles and the performance models made from them (the
// learned one trains once, on the spec's 25% split with seed 1).
struct InferenceInputs {
    const InferenceScenario& scenario;
    const ProfileData& profiles;
    const PerformanceModel& table;
    const PerformanceModel& learned;
};

// The policy in charge from fromS on. A run has one phase from 0; a fork adds one at its
// position. A phase that changes the policy, or marked `replanAtStart` (a fork that changed the
// load or the SLOs), re-plans at once; one that keeps the policy goes on exactly as before.
struct PolicyPhase {
    double fromS = 0;
    std::shared_ptr<const InferencePolicy> policy;
    bool replanAtStart = false;
};

// One run: plans at the start, re-plans on the Step 6 triggers (keeping unchanged instances and
// charging the reconfiguration delay to the GPUs that change), then simulates every request
// (mig-elasticbatch.md 2.5) against the sequence of plans. The time series, plans and summary
// are in the result. Throws InputError for a scenario the profiles cannot serve,
// std::invalid_argument for bad options, CancelledError when `progress` says stop.
InferenceResult runInference(const InferenceInputs& inputs, const std::vector<PolicyPhase>& phases,
                             const InferenceOptions& options, const ProgressCallback& progress = {});
InferenceResult runInference(const InferenceInputs& inputs, std::shared_ptr<const InferencePolicy> policy,
                             const InferenceOptions& options, const ProgressCallback& progress = {});

}  // namespace tessera
