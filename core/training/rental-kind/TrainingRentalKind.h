#pragma once

#include "run/RunKind.h"

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
    std::vector<RunKindInput> inputs() const override;
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
    std::optional<std::string> forkProblem(const Run& run, size_t position) const override;
    std::optional<std::string> forkTargetProblem(const Run& run, size_t position,
                                                 const std::string& policy) const override;
    std::unique_ptr<Run> fork(const Run& run, size_t position, const RunRequest& request,
                              const ProgressCallback& progress = {}) const override;
    std::shared_ptr<const RunInputs> conformanceSample() const override;
    // A job file of Pollux applications and a made-up profiles folder for all six of them.
    std::map<std::string, std::string> writeConformanceFiles(const std::string& dir) const override;

    // The Pollux applications' folder a job file's speedups come from when none is given: the
    // `traces` folder beside the workload's folder (pollux-osdi21/simulator/workloads*/ ->
    // pollux-osdi21/simulator/traces), or "" when there is none.
    static std::string defaultProfilesFor(const std::string& jobsPath);
};

}  // namespace tessera
