#pragma once

#include "run/RunKind.h"

namespace tessera {

// Rigid training jobs on a fixed cluster whose GPUs vary in speed (training-boa-pal.md Part B),
// as a run kind: its inputs are a job file and, optionally, PAL's variability folder; its
// policies the six placements (PAL, PM-First, Packed and Random, sticky or not); a fork may
// switch the placement, the job order or the locality penalty from a round on.
class TrainingPlacementKind final : public RunKind {
public:
    static constexpr const char* kJobsRole = "jobs";
    static constexpr const char* kVariabilityRole = "variability";

    std::string id() const override;
    std::string displayName() const override;
    RunWords words() const override;
    std::vector<RunKindInput> inputs() const override;
    // A job file of any format; made for this kind unless it is a Pollux workload (the renting
    // kind's).
    std::optional<RunKindMatch> recognise(const std::string& path) const override;
    std::string inputsSummary(const RunInputs& inputs,
                              const std::map<std::string, std::string>& given) const override;
    std::shared_ptr<const RunInputs> loadInputs(const std::map<std::string, std::string>& paths,
                                                LoadWarnings& warnings,
                                                const ProgressCallback& progress = {}) const override;
    std::vector<RunKindPolicy> policies() const override;
    std::string canonicalPolicy(const std::string& spec) const override;
    std::vector<RunKindParameter> parameters() const override;
    std::unique_ptr<Run> simulate(std::shared_ptr<const RunInputs> inputs, const RunRequest& request,
                                  const ProgressCallback& progress = {}) const override;
    std::optional<std::string> forkProblem(const Run& run, size_t position) const override;
    std::unique_ptr<Run> fork(const Run& run, size_t position, const RunRequest& request,
                              const ProgressCallback& progress = {}) const override;
    std::shared_ptr<const RunInputs> conformanceSample() const override;
    std::map<std::string, std::string> writeConformanceFiles(const std::string& dir) const override;
};

}  // namespace tessera
