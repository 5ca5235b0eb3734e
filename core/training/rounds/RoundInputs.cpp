#include "training/rounds/RoundInputs.h"

#include <fmt/format.h>

#include <limits>
#include <stdexcept>

namespace tessera::rounds {

std::vector<RoundJob> roundJobsOf(const std::vector<TrainingJob>& jobs)
{
    std::vector<RoundJob> out;
    out.reserve(jobs.size());
    for (const TrainingJob& job : jobs) {
        if (!job.iterations)
            throw std::invalid_argument(fmt::format(
                "job {} has no iteration count, which placement on a fixed cluster needs", job.id));
        if (job.id > std::numeric_limits<uint32_t>::max())
            throw std::invalid_argument(fmt::format("job id {} is beyond 4294967295", job.id));
        if (job.gpus < 1)
            throw std::invalid_argument(fmt::format("job {} asks for {} GPUs", job.id, job.gpus));
        out.push_back(RoundJob{uint32_t(job.id), job.arrivalS, uint32_t(job.gpus), uint32_t(job.jobClass),
                               job.iterationS, *job.iterations});
    }
    return out;
}

RoundCluster roundClusterOf(const VariabilityTable& table, uint32_t nodes, uint32_t gpusPerNode, BinCountRule rule)
{
    RoundCluster cluster = RoundCluster::uniform(nodes, gpusPerNode);
    const uint32_t gpus = cluster.gpuCount();
    if (size_t(table.gpuCount()) < gpus)
        throw std::invalid_argument(
            fmt::format("the variability table scores {} GPUs, not the cluster's {}", table.gpuCount(), gpus));
    for (uint32_t c = 0; c < kRoundClasses; ++c) {
        std::vector<double> scores(gpus);
        for (uint32_t g = 0; g < gpus; ++g)
            scores[g] = table.score(int(g), JobClass(c));
        cluster.binnedSf[c] = binSlowdowns(scores, rule).sf;
        cluster.perfVar[c] = std::move(scores);
    }
    return cluster;
}

}  // namespace tessera::rounds
