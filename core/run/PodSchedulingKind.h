#pragma once

#include "run/RunKind.h"
#include "sim/RunParameters.h"

namespace tessera {

// The pod-scheduling run kind: a node list and a pod list, the score-plugin policies and their
// weighted sums, the experiment and replay modes. Registered under PodSchedulingRun::kKind.
// Its parameters cannot change at a fork (the shared prefix was made with them): a fork
// changes the policy only.
class PodSchedulingKind final : public RunKind {
public:
    std::string id() const override;
    std::string displayName() const override;
    std::vector<RunKindInput> inputs() const override;
    // A node list or a pod list, made for this kind.
    std::optional<RunKindMatch> recognise(const std::string& path) const override;
    std::shared_ptr<const RunInputs> loadInputs(const std::map<std::string, std::string>& paths,
                                                LoadWarnings& warnings,
                                                const ProgressCallback& progress = {}) const override;
    std::vector<RunKindPolicy> policies() const override;
    std::string canonicalPolicy(const std::string& spec) const override;
    bool combinesPolicies() const override { return true; }
    std::vector<RunKindParameter> parameters() const override;
    std::unique_ptr<Run> simulate(std::shared_ptr<const RunInputs> inputs, const RunRequest& request,
                                  const ProgressCallback& progress = {}) const override;
    std::optional<std::string> forkProblem(const Run& run, size_t position) const override;
    std::unique_ptr<Run> fork(const Run& run, size_t position, const RunRequest& request,
                              const ProgressCallback& progress = {}) const override;
    std::shared_ptr<const RunInputs> conformanceSample() const override;
    std::map<std::string, std::string> writeConformanceFiles(const std::string& dir) const override;

    // The simulator's parameters for `request`; throws UsageError for a bad one.
    RunParameters runParameters(const RunRequest& request) const;
};

}  // namespace tessera
