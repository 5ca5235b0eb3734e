#include "training/placement/TrainingPlacementCsv.h"

#include <fmt/format.h>

#include <algorithm>

namespace tessera {

using namespace rounds;

std::string placementJobHeader() { return "policy,seed,job_id,arrival_s,start_s,end_s,jct_s,gpus,cost_gpu_h\n"; }

std::string placementJobRows(const PlacementOutcome& outcome)
{
    std::string out;
    for (const JobRecord& job : outcome.result->jobs)
        out += fmt::format("{},{},{},{:.3f},{:.3f},{:.3f},{:.3f},{},{:.4f}\n", outcome.policy, outcome.seed, job.id,
                           job.arrivalS, job.firstStartS, job.endS, job.jctS, job.width, job.gpuHours);
    return out;
}

std::string placementRoundsHeader()
{
    return "policy,seed,round,time_s,jobs_running,jobs_queued,free_gpus,utilisation_pct,preemptions\n";
}

std::string placementRoundsRows(const PlacementOutcome& outcome)
{
    std::string out;
    for (const RoundRecord& r : outcome.result->rounds)
        out += fmt::format("{},{},{},{:.3f},{},{},{},{:.4f},{}\n", outcome.policy, outcome.seed, r.round, r.timeS,
                           r.jobsRunning, r.jobsQueued, r.freeGpus, 100.0 * r.utilisation, r.preemptions);
    return out;
}

std::string placementSummaryTable(const std::vector<PlacementOutcome>& outcomes)
{
    size_t width = 6;
    for (const PlacementOutcome& o : outcomes)
        width = std::max(width, o.policy.size());
    std::string out = fmt::format("{:<{}}  {:>4}  {:>11}  {:>14}  {:>10}  {:>10}  {:>6}  {:>11}  {:>11}\n", "policy",
                                  width, "seed", "mean JCT h", "geomean JCT h", "p99 JCT h", "makespan h", "util %",
                                  "preemptions", "mean wait h");
    for (const PlacementOutcome& o : outcomes) {
        const RoundSummary& s = o.result->summary;
        out += fmt::format("{:<{}}  {:>4}  {:>11.3f}  {:>14.3f}  {:>10.3f}  {:>10.3f}  {:>6.2f}  {:>11}  {:>11.3f}\n",
                           o.policy, width, o.seed, s.meanJctS / 3600, s.geomeanJctS / 3600, s.p99JctS / 3600,
                           s.makespanS / 3600, 100.0 * s.meanUtilisation, s.totalPreemptions,
                           s.meanResponsivenessS / 3600);
    }
    return out;
}

}  // namespace tessera
