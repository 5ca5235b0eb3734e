#include "training/JctStatistics.h"

#include <algorithm>
#include <cmath>

namespace tessera {

JctStatistics jctStatistics(std::vector<double> jctS)
{
    JctStatistics stats;
    if (jctS.empty())
        return stats;
    // The log sum in the given order and the sum in ascending order: the order the place kind's
    // summary has always used, so its outputs stay byte-identical.
    double logSum = 0;
    for (double v : jctS)
        logSum += std::log(v);
    std::sort(jctS.begin(), jctS.end());
    double sum = 0;
    for (double v : jctS)
        sum += v;
    const double n = double(jctS.size());
    stats.meanS = sum / n;
    stats.geomeanS = std::exp(logSum / n);
    const size_t rank = size_t(std::ceil(0.99 * n));  // nearest rank, 1-based
    stats.p99S = jctS[std::max<size_t>(rank, 1) - 1];
    return stats;
}

}  // namespace tessera
