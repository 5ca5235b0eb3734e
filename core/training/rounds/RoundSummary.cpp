#include "training/rounds/RoundRecords.h"

#include "training/JctStatistics.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tessera::rounds {

RoundSummary summarise(const std::vector<RoundRecord>& rounds, const std::vector<JobRecord>& jobs)
{
    RoundSummary summary;
    summary.jobs = uint32_t(jobs.size());
    if (!jobs.empty()) {
        std::vector<double> jct;
        double responsiveness = 0;
        double firstArrival = std::numeric_limits<double>::infinity(), lastEnd = 0;
        for (const auto& job : jobs) {
            jct.push_back(job.jctS);
            responsiveness += job.firstStartS - job.arrivalS;
            firstArrival = std::min(firstArrival, job.arrivalS);
            lastEnd = std::max(lastEnd, job.endS);
        }
        const double n = double(jobs.size());
        const JctStatistics stats = jctStatistics(std::move(jct));
        summary.meanJctS = stats.meanS;
        summary.geomeanJctS = stats.geomeanS;
        summary.p99JctS = stats.p99S;
        summary.makespanS = lastEnd - firstArrival;
        summary.meanResponsivenessS = responsiveness / n;
    }
    double utilisation = 0;
    uint32_t present = 0;
    for (const auto& round : rounds) {
        summary.totalPreemptions += round.preemptions;
        if (round.jobsRunning + round.jobsQueued > 0) {
            utilisation += round.utilisation;
            ++present;
        }
    }
    summary.meanUtilisation = present ? utilisation / present : 0;
    return summary;
}

}  // namespace tessera::rounds
