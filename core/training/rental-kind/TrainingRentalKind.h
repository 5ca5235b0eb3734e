#pragma once

#include "run/RunKind.h"
#include "training/rental-kind/TrainingRentalInputs.h"

namespace tessera {

// Renting GPUs for malleable training jobs under a time-average budget (training-boa-pal.md Part
// A), as a run kind: its inputs are a job file and the Pollux applications' profiles (the
// speedups and sizes of Pollux workloads); its policies BOA and the baselines; a fork may switch
// the budget or the (fixed-width) policy for the jobs that arrive after it.
class TrainingRentalKind final : public RunKind {
public:
    static constexpr const char* kJobsRole = "jobs";
    static constexpr const char* kProfilesRole = "profiles";
    static constexpr const char* kBudget = "budget";
    static constexpr const char* kSeed = "seed";

    std::string id() const override;
    std::string displayName() const override;
    RunWords words() const override;
    ParameterAdvice parameterAdvice(const std::shared_ptr<const RunInputs>& inputs,
                                    const std::string& name) const override;
    std::vector<RunKindInput> inputs() const override;
    // A job file of any format; made for this kind when it is a Pollux workload, whose
    // applications have the speedups renting needs.
    std::optional<RunKindMatch> recognise(const std::string& path) const override;
    std::string inputsSummary(const RunInputs& inputs,
                              const std::map<std::string, std::string>& given) const override;
    std::shared_ptr<const RunInputs> loadInputs(const std::map<std::string, std::string>& paths,
                                                LoadWarnings& warnings,
                                                const ProgressCallback& progress = {}) const override;
    std::vector<RunKindPolicy> policies() const override;
    // Its runs are judged by their JCT and cost (Run::summary): compare and the report list those first.
    bool summaryFirst() const override { return true; }
    std::string canonicalPolicy(const std::string& spec) const override;
    std::vector<RunKindParameter> parameters() const override;
    std::unique_ptr<Run> simulate(std::shared_ptr<const RunInputs> inputs, const RunRequest& request,
                                  const ProgressCallback& progress = {}) const override;
    std::optional<std::string> inputsProblem(const std::shared_ptr<const RunInputs>& inputs,
                                             const RunRequest& request, bool mayCompute = true) const override;
    std::optional<std::string> forkValuesProblem(const Run& run, const RunRequest& request,
                                                 bool mayCompute = true) const override;
    std::optional<std::string> forkProblem(const Run& run, size_t position) const override;
    std::optional<std::string> forkTargetProblem(const Run& run, size_t position,
                                                 const std::string& policy) const override;
    // The budget: the whole run's time average, the kept part included, and what was rented
    // on average up to the fork.
    std::string forkParameterNote(const Run& run, size_t position, const std::string& name) const override;
    std::unique_ptr<Run> fork(const Run& run, size_t position, const RunRequest& request,
                              const ProgressCallback& progress = {}) const override;
    std::shared_ptr<const RunInputs> conformanceSample() const override;
    // A job file of Pollux applications and a made-up profiles folder for all six of them.
    std::map<std::string, std::string> writeConformanceFiles(const std::string& dir) const override;

    // The Pollux applications' folder a job file's speedups come from when none is given: the
    // `traces` folder beside the workload's folder (pollux-osdi21/simulator/workloads*/ ->
    // pollux-osdi21/simulator/traces), or "" when there is none.
    static std::string defaultProfilesFor(const std::string& jobsPath);
    // Where defaultProfilesFor() looks, whether or not the folder is there.
    static std::string profilesCandidateFor(const std::string& jobsPath);

    // Why `policy` (canonical) cannot keep to `budget` on `inputs`, or nothing. BOA has no queue
    // (A2: every job gets its width, at least one GPU, on arrival), so below the workload's floor
    // (RentalFrontier::floorBudget: every job on one GPU from its arrival) it cannot keep to any
    // budget: infeasible. The other policies queue jobs behind a cap or share a fixed cluster
    // and keep to less (docs/boa-choices.md); what they cannot hold is reported after the run.
    // The one rule for a new run, a fork, the CLI and the app's fields. The floor costs a
    // fixed:1 run the first time for given inputs (loadInputs() makes it); with `mayCompute`
    // false an uncached floor is not made and nothing is said (for the GUI thread).
    static std::optional<std::string> budgetProblem(const std::shared_ptr<const TrainingRentalInputs>& inputs,
                                                     const std::string& policy, double budget,
                                                     bool mayCompute = true);
};

}  // namespace tessera
