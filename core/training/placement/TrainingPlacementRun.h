#pragma once

#include "run/Run.h"
#include "training/VariabilityDraw.h"
#include "training/placement/TrainingPlacementInputs.h"
#include "training/rounds/RoundSimulation.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tessera {

// What a training-placement run's cluster is made of; fixed for the run and its forks.
struct TrainingClusterSetup {
    uint32_t nodes = 16;
    uint32_t gpusPerNode = 4;
    uint64_t seed = 42;  // the variability draw's and the Random placements'
    VariabilityMode variability = VariabilityMode::Independent;
};

// One stretch of a run with one set of round parameters: from recorded round `fromRecord` on
// (0 for the first). A fork adds a phase.
struct TrainingPlacementPhase {
    size_t fromRecord = 0;
    rounds::RoundParameters parameters;
};

// Rigid training jobs placed round by round on a fixed cluster with GPU variability
// (training-boa-pal.md Part B) behind the generic Run interface: position p is after the p-th
// recorded round; the x axis is time in hours; occupancy cells are GPUs, grouped per node; the
// intervals are the job placement spans, one lane per GPU.
class TrainingPlacementRun final : public Run {
public:
    static constexpr const char* kKind = "training-placement";
    // The cell layers after layer 0 (busy or idle).
    static constexpr size_t kClassLayer = 1;
    static constexpr size_t kScoreLayer = 2;
    static constexpr size_t kJobLayer = 3;

    // The keys of class c's CellValues: "perf_var_a", "binned_sf_a", ...
    static std::string perfVarKey(size_t classIndex);
    static std::string binnedSfKey(size_t classIndex);

    // Throws std::invalid_argument when the jobs do not fit the cluster or a parameter is out of
    // range (RoundSimulation's checks).
    static std::unique_ptr<TrainingPlacementRun> simulate(std::shared_ptr<const TrainingPlacementInputs> inputs,
                                                          TrainingClusterSetup setup,
                                                          std::vector<TrainingPlacementPhase> phases,
                                                          std::string name = {});

    const RunInfo& info() const override { return info_; }
    size_t steps() const override { return result_.rounds.size(); }
    const MetricSeries& series() const override { return series_; }
    const OccupancyLayout& layout() const override { return layout_; }
    std::unique_ptr<RunCursor> cursor() const override;
    std::string describeStep(size_t step) const override;
    ExplanationTable explain(size_t step) const override;
    MetricInfo groupValueInfo() const override { return {"gpus_busy", "GPUs busy", "GPUs", true}; }
    std::vector<RunSummaryValue> summary() const override;
    // Every job is complete: nothing runs or waits, every GPU is free.
    std::vector<double> afterEnd() const override;
    std::vector<Distribution> distributions() const override;
    // Per class c: PerfVar (perfVarKey(c)) and the binned slowdown factor (binnedSfKey(c)) of
    // every GPU, the cluster's variability that the variability chart draws.
    std::vector<CellValues> cellValues() const override;
    RunWords words() const override { return kindWords(); }
    // The words of every run of the kind (its kind's words() too).
    static RunWords kindWords();
    std::unique_ptr<Run> fork(size_t position, const std::string& policy,
                              const ProgressCallback& progress = {}) const override;
    const RunIntervals& intervals() const override { return intervals_; }

    // The first `position` rounds as they were, then `parameters` (policy, scheduler, L; the
    // round length must stay). Throws std::invalid_argument for a changed round length.
    std::unique_ptr<TrainingPlacementRun> forkWith(size_t position, rounds::RoundParameters parameters) const;

    const rounds::RoundRunResult& result() const { return result_; }
    const rounds::RoundCluster& cluster() const { return phases_.front().simulation->cluster(); }
    const TrainingClusterSetup& setup() const { return setup_; }
    // The parameters in force from the last fork on (the run's own if it is no fork).
    const rounds::RoundParameters& parameters() const { return phases_.back().parameters; }
    const TrainingPlacementInputs& inputs() const { return *inputs_; }
    // Hours at position p: 0 at position 0, else the time of the p-th recorded round.
    double hoursAt(size_t position) const;
    // Per GPU: the index into result().jobs of the job on it at `position`, or -1.
    void occupantsAt(size_t position, std::vector<int32_t>& jobs) const;

private:
    struct Phase {
        size_t fromRecord;
        rounds::RoundParameters parameters;
        std::shared_ptr<const rounds::RoundSimulation> simulation;
    };
    struct GpuSpan {
        uint32_t fromRound;
        uint32_t toRound;  // exclusive
        int32_t job;       // index into result_.jobs
    };
    TrainingPlacementRun(std::shared_ptr<const TrainingPlacementInputs> inputs, TrainingClusterSetup setup,
                         std::vector<Phase> phases, std::string name);
    void buildInfo(std::string name);
    void buildSeries();
    void buildLayout();
    void buildIntervals();
    const Phase& phaseOf(size_t record) const;

    std::shared_ptr<const TrainingPlacementInputs> inputs_;
    TrainingClusterSetup setup_;
    std::vector<Phase> phases_;
    rounds::RoundRunResult result_;
    std::vector<std::vector<GpuSpan>> gpuSpans_;  // per GPU, by fromRound
    RunInfo info_;
    MetricSeries series_;
    OccupancyLayout layout_;
    RunIntervals intervals_;
};

// "PAL", "PM-First", "Packed (sticky)", ...: policies named by behaviour (contracts.md 9).
std::string placementLabel(rounds::RoundPlacement placement);
// "FIFO", "LAS", "SRTF".
std::string schedulerLabel(rounds::RoundScheduler scheduler);

}  // namespace tessera
