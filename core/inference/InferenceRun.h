#pragma once

#include "inference/InferenceResult.h"
#include "inference/InferenceSimulation.h"
#include "inference/InferenceWorld.h"
#include "run/Run.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tessera {

class MigGpuType;

// A MIG inference run (mig-elasticbatch.md) behind the generic Run interface: one position per
// time-series row (--step seconds), occupancy cells = the compute slices of every GPU the run
// ever used, grouped per GPU.
class InferenceRun final : public Run {
public:
    static constexpr const char* kKind = "mig-inference";
    // The series families of per-model metrics ("p99_ms:<model>", "slo_attainment_pct:<model>").
    static constexpr const char* kP99ByModelFamily = "p99_by_model";
    static constexpr const char* kSloByModelFamily = "slo_by_model";

    // Simulates `phases` (one policy from 0, or a fork's) on `scenario` with `world`'s models.
    static std::unique_ptr<InferenceRun> simulate(std::shared_ptr<const InferenceWorld> world,
                                                  InferenceScenario scenario, std::vector<PolicyPhase> phases,
                                                  InferenceOptions options, std::string name = {},
                                                  const ProgressCallback& progress = {});

    // The name of a run of `policy` that says nothing else: "ParvaGPU · seed 42" (the kind adds
    // what differs from its defaults, runNameDetails).
    static std::string defaultName(const InferencePolicy& policy, const InferenceOptions& options);

    const RunInfo& info() const override { return info_; }
    size_t steps() const override { return result_.rows.size(); }
    const MetricSeries& series() const override { return series_; }
    const OccupancyLayout& layout() const override { return layout_; }
    std::unique_ptr<RunCursor> cursor() const override;
    std::string describeStep(size_t step) const override;
    ExplanationTable explain(size_t step) const override;
    MetricInfo groupValueInfo() const override { return {"slices_used", "Compute slices used", "slices", true}; }
    std::vector<RunSummaryValue> summary() const override;
    std::vector<Distribution> distributions() const override;
    RunWords words() const override { return kindWords(); }
    // The words of every run of the kind (its kind's words() too).
    static RunWords kindWords();
    std::unique_ptr<Run> fork(size_t position, const std::string& policy,
                              const ProgressCallback& progress = {}) const override;
    // What a fork changes from its position on: the policy, the load and the SLOs as factors on
    // this run's scenario, and the SLOs those apply to with where they come from (PolicyPhase);
    // anything unset keeps what is in force there.
    struct ForkChange {
        std::string policy;
        std::optional<double> loadScale{};
        std::optional<double> sloScale{};
        std::optional<std::vector<double>> sloMs{};
        std::string sloSource{};
    };
    // The fork's phases are this run's before the position, then one with `change`: with the same
    // policy and factors the fork reproduces the run; otherwise it re-plans at the position.
    // Throws std::invalid_argument for an unknown policy or a factor out of range (PolicyPhase).
    std::unique_ptr<InferenceRun> forkWith(size_t position, const ForkChange& change,
                                           const ProgressCallback& progress = {}) const;

    const InferenceResult& result() const { return result_; }
    const InferenceOptions& options() const { return options_; }
    const InferenceScenario& scenario() const { return scenario_; }
    const InferenceWorld& world() const { return *world_; }
    const std::vector<PolicyPhase>& phases() const { return phases_; }
    const MigGpuType& gpu() const { return *gpu_; }
    // The time at the end of `position`'s interval (0 at position 0).
    double timeAt(size_t position) const;
    // The plan in force at `position`.
    const PlanEpoch& epochAt(size_t position) const;
    // The index of `profile` (of the GPU type) in the "Profile" cell layer's categories.
    int profileCategory(uint16_t profile) const { return profileCategories_[profile]; }

    // The cell layers after layer 0 (the used share).
    static constexpr size_t kProfileLayer = 1;
    static constexpr size_t kModelLayer = 2;

private:
    InferenceRun(std::shared_ptr<const InferenceWorld> world, InferenceScenario scenario,
                 std::vector<PolicyPhase> phases, InferenceOptions options, InferenceResult result, std::string name);
    void buildInfo(std::string name);
    void buildSeries();
    void buildLayout();

    std::shared_ptr<const InferenceWorld> world_;
    InferenceScenario scenario_;
    std::vector<PolicyPhase> phases_;
    InferenceOptions options_;
    InferenceResult result_;
    const MigGpuType* gpu_ = nullptr;
    RunInfo info_;
    MetricSeries series_;
    OccupancyLayout layout_;
    std::vector<int> profileCategories_;  // by profile index; -1 for +me profiles
};

}  // namespace tessera
