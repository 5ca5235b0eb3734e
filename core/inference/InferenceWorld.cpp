#include "inference/InferenceWorld.h"

namespace tessera {

InferenceWorld::InferenceWorld(ProfileData profiles, std::optional<SloTable> slo,
                               std::optional<InferenceScenario> scenario, std::vector<InputFile> files)
    : profiles_(std::move(profiles)),
      table_(profiles_),
      learned_(profiles_),
      slo_(std::move(slo)),
      scenario_(std::move(scenario)),
      files_(std::move(files))
{
}

}  // namespace tessera
