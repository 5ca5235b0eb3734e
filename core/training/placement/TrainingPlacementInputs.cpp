#include "training/placement/TrainingPlacementInputs.h"

#include "io/InputError.h"
#include "training/rounds/RoundInputs.h"

#include <fmt/format.h>

#include <stdexcept>
#include <utility>

namespace tessera {

TrainingPlacementInputs::TrainingPlacementInputs(std::string traceName, std::vector<rounds::RoundJob> jobs,
                                                 std::optional<VariabilityProfiles> profiles,
                                                 std::string variabilityName, std::vector<InputFile> files,
                                                 JobSource source)
    : traceName_(std::move(traceName)),
      jobs_(std::move(jobs)),
      profiles_(std::move(profiles)),
      variabilityName_(std::move(variabilityName)),
      files_(std::move(files)),
      source_(std::move(source))
{
}

void TrainingPlacementInputs::checkFits(uint32_t nodes, uint32_t gpusPerNode, const std::string& clusterName) const
{
    const uint64_t gpus = uint64_t(nodes) * gpusPerNode;
    for (size_t i = 0; i < jobs_.size(); ++i) {
        if (jobs_[i].width <= gpus)
            continue;
        const std::string name =
            clusterName.empty() ? fmt::format("{} node{} of {} GPU{}", nodes, nodes == 1 ? "" : "s", gpusPerNode,
                                              gpusPerNode == 1 ? "" : "s")
                                : clusterName;
        const std::string problem = fmt::format("job {} needs {} GPUs, more than the {} of the cluster ({})",
                                                jobs_[i].id, jobs_[i].width, gpus, name);
        if (source_.path.empty() || i >= source_.lines.size())
            throw std::invalid_argument(problem);
        throw InputError(source_.path, source_.lines[i], source_.widthColumn, problem,
                         std::to_string(jobs_[i].width), true);
    }
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
