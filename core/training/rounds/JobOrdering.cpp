#include "training/rounds/JobOrdering.h"

#include <algorithm>
#include <tuple>

namespace tessera::rounds {

std::vector<uint32_t> orderJobs(RoundScheduler scheduler, const std::vector<RoundJob>& jobs,
                                const std::vector<JobProgress>& progress, std::vector<uint32_t> active)
{
    auto primary = [&](uint32_t i) {
        switch (scheduler) {
        case RoundScheduler::Las:
            return progress[i].attainedS;
        case RoundScheduler::Srtf:
            return (jobs[i].totalIterations - progress[i].iterations) * jobs[i].iterationS;
        case RoundScheduler::Fifo:
            break;
        }
        return 0.0;
    };
    std::sort(active.begin(), active.end(), [&](uint32_t a, uint32_t b) {
        return std::make_tuple(primary(a), jobs[a].submitS, jobs[a].id) <
               std::make_tuple(primary(b), jobs[b].submitS, jobs[b].id);
    });
    return active;
}

}  // namespace tessera::rounds
