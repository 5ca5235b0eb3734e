#pragma once

// Mean, geometric-mean and p99 job completion times, as both training kinds report them
// (contracts.md 9): one rule for the place and rent summaries.

#include "run/Distribution.h"

#include <vector>

namespace tessera {

struct JctStatistics {
    double meanS = 0;
    double geomeanS = 0;
    double p99S = 0;  // nearest rank: the ceil(0.99 N)-th smallest JCT
};

// All zero for no values; JCTs are positive, so the geometric mean is defined.
JctStatistics jctStatistics(std::vector<double> jctS);

// The jobs' completion times in hours, as both training kinds chart and compare them (key
// jct_h, the key the JCT chart reads). `Jobs` holds records with a jctS in seconds.
template <class Jobs>
Distribution jctDistribution(const Jobs& jobs)
{
    Distribution jct{"jct_h", "Job completion time", "h", false, {}, {}};
    for (const auto& job : jobs)
        jct.values.push_back(job.jctS / 3600);
    return jct;
}

}  // namespace tessera
