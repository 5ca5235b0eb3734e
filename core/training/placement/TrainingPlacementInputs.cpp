#include "training/placement/TrainingPlacementInputs.h"

#include "training/rounds/RoundInputs.h"

#include <stdexcept>
#include <utility>

namespace tessera {

TrainingPlacementInputs::TrainingPlacementInputs(std::string traceName, std::vector<rounds::RoundJob> jobs,
                                                 std::optional<VariabilityProfiles> profiles,
                                                 std::string variabilityName, std::vector<InputFile> files)
    : traceName_(std::move(traceName)),
      jobs_(std::move(jobs)),
      profiles_(std::move(profiles)),
      variabilityName_(std::move(variabilityName)),
      files_(std::move(files))
{
}

rounds::RoundCluster TrainingPlacementInputs::cluster(uint32_t nodes, uint32_t gpusPerNode, uint64_t seed,
                                                      VariabilityMode mode) const
{
    if (nodes == 0 || gpusPerNode == 0)
        throw std::invalid_argument("the cluster needs at least one node of at least one GPU");
    if (!profiles_)
        return rounds::RoundCluster::uniform(nodes, gpusPerNode);
    return rounds::roundClusterOf(drawVariability(*profiles_, int(nodes * gpusPerNode), seed, mode), nodes,
                                  gpusPerNode);
}

}  // namespace tessera
