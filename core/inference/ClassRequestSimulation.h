#pragma once

// The request-level simulation of one workload class (RequestSimulator.h): classes share nothing,
// so simulateRequests runs one of these per class, on any thread, and merges their outcomes.

#include "inference/LatencyHistogram.h"
#include "inference/RequestSimulator.h"

#include <cstdint>
#include <random>
#include <vector>

namespace tessera {

// The class's replicas in each epoch of the plan (every epoch, also those without any).
struct ClassEpochPlan {
    double fromS = 0;
    std::vector<ServingReplica> replicas;
};

// The reporting intervals: starts[k] = k x intervalS; the last one ends at durationS.
struct IntervalGrid {
    std::vector<double> starts;
    double durationS = 0;
    double intervalS = 0;
};

// What one class did, per interval k.
struct ClassOutcome {
    std::vector<uint64_t> arrived, completed, withinSlo;
    // Interval k's latencies: bins[binOffsets[k] .. binOffsets[k + 1]), ascending by bin.
    std::vector<LatencyBinCount> bins;
    std::vector<size_t> binOffsets;
    // Per replica, epoch after epoch in the order of ClassEpochPlan::replicas: busy seconds / procs.
    std::vector<double> busyS;
};

// The generator of class classIndex's arrivals (PoissonArrivals): mt19937_64 seeded by a
// std::seed_seq of (seed, classIndex), whose algorithm the standard fixes.
std::mt19937_64 classArrivalRng(uint64_t seed, uint32_t classIndex);

// Simulates one class with arrivals drawn from classArrivalRng(seed, classIndex).
ClassOutcome simulateClass(const ServingClass& servingClass, const std::vector<ClassEpochPlan>& epochs,
                           const IntervalGrid& grid, uint64_t seed, uint32_t classIndex);

}  // namespace tessera
