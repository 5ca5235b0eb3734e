#include "training/rounds/RoundRecords.h"

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
        double logSum = 0, responsiveness = 0;
        double firstArrival = std::numeric_limits<double>::infinity(), lastEnd = 0;
        for (const auto& job : jobs) {
            jct.push_back(job.jctS);
            logSum += std::log(job.jctS);
            responsiveness += job.firstStartS - job.arrivalS;
            firstArrival = std::min(firstArrival, job.arrivalS);
            lastEnd = std::max(lastEnd, job.endS);
        }
        std::sort(jct.begin(), jct.end());
        double sum = 0;
        for (double v : jct)
            sum += v;
        const double n = double(jobs.size());
        summary.meanJctS = sum / n;
        summary.geomeanJctS = std::exp(logSum / n);
        const size_t rank = size_t(std::ceil(0.99 * n));  // nearest rank, 1-based
        summary.p99JctS = jct[std::max<size_t>(rank, 1) - 1];
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
