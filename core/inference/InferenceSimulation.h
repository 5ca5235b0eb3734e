#pragma once

#include "inference/InferenceResult.h"
#include "inference/PolicyPhase.h"
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
};

// What runs share: the scenario, the profiles and the performance models made from them (the
// learned one trains once, on the spec's 25% split with seed 1).
struct InferenceInputs {
    const InferenceScenario& scenario;
    const ProfileData& profiles;
    const PerformanceModel& table;
    const PerformanceModel& learned;
};

// One run: plans at the start, re-plans on the Step 6 triggers (keeping unchanged instances and
// charging the reconfiguration delay to the GPUs that change) and at every phase that changes
// something (PolicyPhase.h: a new policy plans afresh; a new load or SLO is re-planned as the
// policy re-plans, ElasticBatch-like incrementally), then simulates every request
// (mig-elasticbatch.md 2.5) against the sequence of plans, each judged against the SLO in force
// when it arrived. The time series, plans and summary
// are in the result. Throws InputError for a scenario the profiles cannot serve,
// std::invalid_argument for bad options or phases, CancelledError when `progress` says stop.
InferenceResult runInference(const InferenceInputs& inputs, const std::vector<PolicyPhase>& phases,
                             const InferenceOptions& options, const ProgressCallback& progress = {});
InferenceResult runInference(const InferenceInputs& inputs, std::shared_ptr<const InferencePolicy> policy,
                             const InferenceOptions& options, const ProgressCallback& progress = {});

}  // namespace tessera
