#pragma once

#include "inference/InferenceScenario.h"
#include "inference/InferenceSimulation.h"
#include "inference/LearnedPerformanceModel.h"
#include "inference/ProfileData.h"
#include "inference/SloTable.h"
#include "inference/TablePerformanceModel.h"
#include "run/RunInputs.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tessera {

// What every inference run on one set of inputs shares, immutable: the profile data and the
// performance models made from it (the learned one trains once, on the spec's split), and where
// the scenarios come from: the ParvaGPU SLO table (a scenario per row) or a scenario file.
// Forks of forks all point back to one world.
class InferenceWorld final : public RunInputs {
public:
    InferenceWorld(ProfileData profiles, std::optional<SloTable> slo, std::optional<InferenceScenario> scenario,
                   std::vector<InputFile> files = {});
    // The models refer to the profiles held here: a world stays where it was made.
    InferenceWorld(const InferenceWorld&) = delete;
    InferenceWorld& operator=(const InferenceWorld&) = delete;

    const ProfileData& profiles() const { return profiles_; }
    const PerformanceModel& table() const { return table_; }
    const PerformanceModel& learned() const { return learned_; }
    const std::optional<SloTable>& slo() const { return slo_; }
    const std::optional<InferenceScenario>& scenario() const { return scenario_; }
    // The inputs of a run on `scenario` (this world's, or a fork's changed copy).
    InferenceInputs inputs(const InferenceScenario& scenario) const
    {
        return InferenceInputs{scenario, profiles_, table_, learned_};
    }
    const std::vector<InputFile>& inputFiles() const override { return files_; }

private:
    ProfileData profiles_;
    TablePerformanceModel table_;
    LearnedPerformanceModel learned_;
    std::optional<SloTable> slo_;
    std::optional<InferenceScenario> scenario_;
    std::vector<InputFile> files_;
};

}  // namespace tessera
