#pragma once

#include <sys/resource.h>

#include <algorithm>
#include <cstddef>
#include <vector>

// What every benchmark reports: percentiles of repeated timings and the process's peak memory.
namespace tessera::bench {

// The value at fraction `p` (0..1) of the sorted `values` (nearest rank from below).
inline double percentile(std::vector<double> values, double p)
{
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, size_t(p * double(values.size())))];
}

// The peak resident set size so far, in MiB.
inline double peakRssMb()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_maxrss) / 1024.0;
}

}  // namespace tessera::bench
