#pragma once

#include "run/PodTrace.h"
#include "run/Run.h"

#include <optional>

namespace tessera {

// The GPU-sharing pod run kind (FGD, PWR and the baselines) behind the generic Run interface.
class PodSchedulingRun final : public Run {
public:
    static constexpr const char* kKind = "pod-scheduling";
    // Series key prefix of the per-model GPU power columns, "gpu_power_kw:<MODEL>", one per
    // GPU model in the cluster; together they sum to the "gpu_power_kw" column.
    static constexpr const char* kGpuPowerByModelKey = "gpu_power_kw";
    // MetricInfo::family of the per-model GPU power columns (member: the model) and of the
    // per-class failed pod columns (member: the class).
    static constexpr const char* kGpuPowerByModelFamily = "gpu_power_by_model";
    static constexpr const char* kFailedByClassFamily = "failed_by_class";
    // The GPUs holding any allocated share (gpusInUse), per position.
    static constexpr const char* kGpusInUseKey = "gpus_in_use";

    PodSchedulingRun(std::shared_ptr<const PodTrace> trace, std::unique_ptr<SimulationResult> result,
                     std::string name = {});

    // Simulates `parameters` on `trace`; `name` empty: defaultName(parameters).
    static std::unique_ptr<PodSchedulingRun> simulate(std::shared_ptr<const PodTrace> trace,
                                                      const RunParameters& parameters,
                                                      const ProgressCallback& progress = {}, std::string name = {});
    // The name of a run with `parameters` that says nothing else: "fgd · seed 42", "· replay"
    // in replay (the kind adds what differs from its defaults, runNameDetails).
    static std::string defaultName(const RunParameters& parameters);

    const RunInfo& info() const override { return info_; }
    size_t steps() const override { return result_->timeline.size(); }
    const MetricSeries& series() const override { return series_; }
    const OccupancyLayout& layout() const override { return layout_; }
    std::unique_ptr<RunCursor> cursor() const override;
    std::string describeStep(size_t step) const override;
    ExplanationTable explain(size_t step) const override;
    MetricInfo groupValueInfo() const override { return {"node_frag_gpus", "Expected fragmentation", "GPU"}; }
    // Peak cluster power and, in replay (a time axis), the energy used.
    std::vector<RunSummaryValue> summary() const override;
    RunWords words() const override;
    std::vector<double> xMarks() const override;
    std::unique_ptr<Run> fork(size_t position, const std::string& policy,
                              const ProgressCallback& progress = {}) const override;
    // The branch with `parameters` (this run's, with another policy) from `position` on.
    std::unique_ptr<PodSchedulingRun> fork(size_t position, const RunParameters& parameters,
                                           const ProgressCallback& progress = {}) const;
    // Why fork() refuses, or nothing.
    std::optional<std::string> forkProblem() const;

    // Makes fork() throw InputError naming `file`: for a saved run whose trace files are gone
    // or changed, so that no branch is simulated on inputs other than the run's own.
    void blockFork(std::string file, std::string problem);

    const SimulationResult& result() const { return *result_; }
    const PodTrace& trace() const { return *trace_; }
    // Layout order of the nodes: groupNode()[g] is the node index of group g.
    const std::vector<uint32_t>& groupNodes() const { return groupNodes_; }

private:
    void buildSeries();
    Interpolation heldBetweenRows() const;
    void addGpusInUse();
    void addGpuPowerByModel();
    void buildLayout();

    std::shared_ptr<const PodTrace> trace_;
    std::unique_ptr<SimulationResult> result_;
    RunInfo info_;
    MetricSeries series_;
    OccupancyLayout layout_;
    std::vector<uint32_t> groupNodes_;
    std::string forkBlockedFile_;
    std::string forkBlockedProblem_;  // empty: fork allowed
};

}  // namespace tessera
