#pragma once

#include "inference/InferenceScenario.h"
#include "inference/InferenceSimulation.h"
#include "inference/LearnedPerformanceModel.h"
#include "inference/ProfileData.h"
#include "inference/TablePerformanceModel.h"

#include <memory>
#include <string>
#include <vector>

namespace tessera {

// What every run on one set of inference inputs shares, immutable: the profile data, the
// scenario as loaded, and the performance models made from the profiles (the learned one trains
// once, on the spec's split). Forks of forks all point back to one world.
class InferenceWorld {
public:
    InferenceWorld(ProfileData profiles, InferenceScenario scenario, std::vector<std::string> inputFiles = {});
    // The models refer to the profiles held here: a world stays where it was made.
    InferenceWorld(const InferenceWorld&) = delete;
    InferenceWorld& operator=(const InferenceWorld&) = delete;

    const ProfileData& profiles() const { return profiles_; }
    const InferenceScenario& scenario() const { return scenario_; }
    const PerformanceModel& table() const { return table_; }
    const PerformanceModel& learned() const { return learned_; }
    // The inputs of a run on `scenario` (this world's, or a fork's changed copy).
    InferenceInputs inputs(const InferenceScenario& scenario) const
    {
        return InferenceInputs{scenario, profiles_, table_, learned_};
    }
    const std::vector<std::string>& inputFiles() const { return inputFiles_; }

private:
    ProfileData profiles_;
    InferenceScenario scenario_;
    TablePerformanceModel table_;
    LearnedPerformanceModel learned_;
    std::vector<std::string> inputFiles_;
};

}  // namespace tessera
