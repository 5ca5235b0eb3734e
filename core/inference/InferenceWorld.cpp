#include "inference/InferenceWorld.h"

namespace tessera {

InferenceWorld::InferenceWorld(ProfileData profiles, InferenceScenario scenario, std::vector<std::string> inputFiles)
    : profiles_(std::move(profiles)),
      scenario_(std::move(scenario)),
      table_(profiles_),
      learned_(profiles_),
      inputFiles_(std::move(inputFiles))
{
}

}  // namespace tessera
