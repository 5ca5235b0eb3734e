#include "training/rounds/PlacementExplanation.h"

#include <utility>

namespace tessera::rounds {

CandidateSet describeCandidate(const RoundCluster& cluster, uint32_t classIndex, double locality, std::string step,
                               GpuList gpus)
{
    CandidateSet candidate;
    candidate.step = std::move(step);
    if (!gpus.empty()) {
        candidate.maxSf = cluster.maxSf(classIndex, gpus);
        candidate.pmPenalty = cluster.pmPenalty(classIndex, gpus);
        candidate.localityPenalty = cluster.spansNodes(gpus) ? locality : 1.0;
    }
    candidate.gpus = std::move(gpus);
    return candidate;
}

}  // namespace tessera::rounds
