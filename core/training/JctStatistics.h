#pragma once

// Mean, geometric-mean and p99 job completion times, as both training kinds report them
// (contracts.md 9): one rule for the place and rent summaries.

#include <vector>

namespace tessera {

struct JctStatistics {
    double meanS = 0;
    double geomeanS = 0;
    double p99S = 0;  // nearest rank: the ceil(0.99 N)-th smallest JCT
};

// All zero for no values; JCTs are positive, so the geometric mean is defined.
JctStatistics jctStatistics(std::vector<double> jctS);

}  // namespace tessera
