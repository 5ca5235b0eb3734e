#pragma once

#include "inference/InferencePlan.h"
#include "inference/WorkloadClass.h"
#include "util/Registry.h"

#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace tessera {

class MigGpuType;
class PerformanceModel;

// What a planner plans with: the GPU type, the performance model chosen for it, and the classes
// with the rates to cover.
struct PlanningContext {
    const MigGpuType& gpu;
    const PerformanceModel& performance;
    std::span<const WorkloadClass> classes;
};

// Which performance model a policy plans with (contracts.md 8.3 --predictor).
enum class PredictorUse { TableOnly, LearnedByDefault };

// One MIG inference planning policy (mig-elasticbatch.md 2.2 and 3). One file per policy under
// inference/policies/, registered by name with an InferencePolicyRegistration.
class InferencePolicy {
public:
    virtual ~InferencePolicy() = default;
    virtual std::string spec() const = 0;   // canonical, e.g. "elasticbatch", "static:3g.40gb@0+3g.40gb@4"
    // A short name for the UI's menus, legends and run names ("ElasticBatch-like").
    virtual std::string label() const = 0;
    // The full name, where there is room and it must be said (tooltips, the run library, the
    // report): "ElasticBatch-like (reconstructed from the published abstract)".
    virtual std::string description() const { return label(); }
    virtual PredictorUse predictorUse() const { return PredictorUse::TableOnly; }
    // Plans for exact sizes rather than padded buckets (the oracle).
    virtual bool plansExactSizes() const { return false; }
    // Re-plans keep every running instance still needed and add or remove only the difference
    // (IncrementalReplan); otherwise each re-plan is a fresh plan moved onto the fleet.
    virtual bool replansIncrementally() const { return false; }
    virtual InferencePlan plan(const PlanningContext& context) const = 0;
};

// Makes a policy from the text after "name:" (empty without one); throws std::invalid_argument
// with a reason when the argument is wrong for the GPU type.
using InferencePolicyFactory =
    std::function<std::unique_ptr<InferencePolicy>(std::string_view argument, const MigGpuType& gpu)>;

class InferencePolicyRegistry : public Registry<InferencePolicyFactory> {
public:
    static InferencePolicyRegistry& instance();
    // Parses "name" or "name:argument"; throws std::invalid_argument naming the problem.
    std::unique_ptr<InferencePolicy> create(std::string_view spec, const MigGpuType& gpu) const;
};

using InferencePolicyRegistration = Registration<InferencePolicyRegistry>;

}  // namespace tessera
