#pragma once

#include "run/RunKind.h"

namespace tessera {

// MIG-partitioned GPUs serving SLO-bound inference (mig-elasticbatch.md), as a run kind: its
// inputs are a profile folder and either the ParvaGPU SLO folder (a scenario per row) or a
// scenario file; its policies the inference planners; a fork may switch the policy, scale the
// load, take another SLO row's SLOs and scale the SLOs from its position on.
class InferenceKind final : public RunKind {
public:
    std::string id() const override;
    std::string displayName() const override;
    RunWords words() const override;
    std::vector<RunKindInput> inputs() const override;
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
