#pragma once

#include "run/Run.h"
#include "training/rent/BoaBudgetFit.h"
#include "training/rent/RentalBudget.h"
#include "training/rent/RentalMetrics.h"
#include "training/rent/WidthSolution.h"
#include "training/rental-kind/TrainingRentalInputs.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tessera {

// One stretch of a rental run with one policy and budget: from position `fromPosition` on (0 for
// the first). A fork adds a phase.
struct TrainingRentalPhase {
    size_t fromPosition = 0;
    std::string policy;  // canonical: "boa", "fixed:4", "autoscale", "hesrpt", "greedy"
    double budget = 0;   // time-average GPUs
};

// GPUs rented for malleable training jobs under a time-average budget (training-boa-pal.md Part
// A) behind the generic Run interface. A step is one instant at which the GPUs rented change
// (arrivals and completions at one time make one step); position p is after the p-th; the x axis
// is time in hours from the trace's start. The occupancy groups are the job types, a cell per
// GPU the type held at its peak. A fork (fixed-width policies: boa, fixed:K, greedy) keeps the
// widths of jobs that arrived up to the fork and gives later ones another policy or budget.
class TrainingRentalRun final : public Run {
public:
    static constexpr const char* kKind = "training-rent";
    // The metric family of the GPUs each job type holds (one member per type, named by it).
    static constexpr const char* kGpusByTypeFamily = "gpus_by_type";
    // The width inspector's columns in mu's unit (MarginalSaving), by title, for tests and views.
    static constexpr const char* kSavedWiderColumn = "wider: JCT h saved per GPU-h";
    static constexpr const char* kLostNarrowerColumn = "narrower: JCT h lost per GPU-h";
    static constexpr const char* kMuColumn = "mu (JCT h per GPU-h)";

    // Throws std::invalid_argument for an unknown policy or a bad budget.
    static std::unique_ptr<TrainingRentalRun> simulate(std::shared_ptr<const TrainingRentalInputs> inputs,
                                                       std::string policy, double budget, uint64_t seed,
                                                       std::string name = {});

    const RunInfo& info() const override { return info_; }
    size_t steps() const override { return bounded_.result.series.times.size(); }
    const MetricSeries& series() const override { return series_; }
    const OccupancyLayout& layout() const override { return layout_; }
    std::unique_ptr<RunCursor> cursor() const override;
    std::string describeStep(size_t step) const override;
    ExplanationTable explain(size_t step) const override;
    MetricInfo groupValueInfo() const override { return {"gpus_held", "GPUs held", "GPUs", false}; }
    std::vector<RunSummaryValue> summary() const override;
    std::vector<Distribution> distributions() const override;
    // After the last completion nothing is rented, held, running or queued, every job is done, and
    // the average over the contract's span (first arrival to last completion) and the budget stay:
    // compare and the differences go on to the longer run's end.
    std::vector<double> afterEnd() const override;
    RunWords words() const override { return kindWords(); }
    // The words of every run of the kind (its kind's words() too).
    static RunWords kindWords();
    std::unique_ptr<Run> fork(size_t position, const std::string& policy,
                              const ProgressCallback& progress = {}) const override;
    // The job Gantt: every job's running span (start to end) as a bar on a slot, a lane that
    // holds one running job at a time, coloured by the job's type (categories in the workload's
    // type order, as the gpus_by_type family) and labelled with its width. Jobs take the
    // lowest free slot when they start, so there are as many lanes as jobs ever ran at once
    // (docs/boa-choices.md, "The job Gantt").
    const RunIntervals& intervals() const override { return intervals_; }

    // Why this run cannot be forked at `position` to `policy`, or nothing.
    std::optional<std::string> forkProblem(size_t position, const std::string& policy) const;
    // The first `position` steps as they were, then `policy` at `budget` for later arrivals.
    // Throws std::invalid_argument when forkProblem() has a reason.
    std::unique_ptr<TrainingRentalRun> forkWith(size_t position, const std::string& policy, double budget) const;

    const TrainingRentalInputs& inputs() const { return *inputs_; }
    // The inputs, shared: what a budget sweep of the run's workload runs on (RentalFrontier).
    const std::shared_ptr<const TrainingRentalInputs>& inputsPointer() const { return inputs_; }
    const RentalResult& result() const { return bounded_.result; }
    const RentalSummary& rentalSummary() const { return summary_; }
    bool withinBudget() const { return summary_.withinBudget; }
    const std::vector<TrainingRentalPhase>& phases() const { return phases_; }
    double budget() const { return phases_.back().budget; }
    // BOA only: the widths it started with, and the budget the solver was given.
    const std::optional<WidthSolution>& solution() const { return solution_; }
    double solverBudget() const { return solverBudget_; }
    // BOA only: the type the span-fitted rule held to a bound, if it held one (docs/boa-choices.md,
    // "The span holder").
    const std::optional<SpanHolder>& spanHolder() const { return spanHolder_; }
    // Whether the span holder's widths reach its bound, so that the bound, not mu, sets them.
    bool heldAtBound() const;
    // Time in seconds at position p (the first arrival at position 0).
    double timeAt(size_t position) const;

private:
    TrainingRentalRun(std::shared_ptr<const TrainingRentalInputs> inputs, uint64_t seed);
    void finish(std::string name);
    // Why a run held by a FIFO cap forks to nothing but itself.
    std::string capProblem(const std::string& policy) const;
    void buildSeries();
    void buildLayout();
    void buildIntervals();
    // The GPUs a type's jobs hold at position p.
    double heldAt(size_t position, size_t type) const;
    friend class TrainingRentalCursor;

    std::shared_ptr<const TrainingRentalInputs> inputs_;
    uint64_t seed_ = 0;
    std::vector<TrainingRentalPhase> phases_;
    BoundedRun bounded_;
    double capGpus_ = 0;  // the FIFO cap a fixed-width baseline ran under; 0: none
    std::optional<WidthSolution> solution_;
    double solverBudget_ = 0;
    std::optional<SpanHolder> spanHolder_;
    RentalSummary summary_;
    RunInfo info_;
    MetricSeries series_;
    OccupancyLayout layout_;
    RunIntervals intervals_;
};

// A rental policy spec in its canonical form ("fixed:04" -> "fixed:4"); nothing when it is none.
std::optional<std::string> canonicalRentalPolicy(const std::string& spec);
// True for the policies that give a job its width on arrival (boa, fixed:K, greedy).
bool isFixedWidthRentalPolicy(const std::string& canonical);

}  // namespace tessera
