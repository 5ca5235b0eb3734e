#pragma once

// The request-level simulation of one workload class (RequestSimulator.h): classes share nothing,
// so simulateRequests runs one of these per class, on any thread, and merges their outcomes. It
// advances them block by block and merges each block's final intervals, so that the latency
// bins kept stay bounded by a block, not by the run (a day of per-minute intervals would
// otherwise keep gigabytes).

#include "inference/LatencyHistogram.h"
#include "inference/RequestSimulator.h"

#include <cstdint>
#include <memory>
#include <random>
#include <span>
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

// The grid of [0, durationS) in steps of intervalS (> 0); the last interval may be partial.
IntervalGrid makeIntervalGrid(double durationS, double intervalS);

// What one class did, per interval k.
struct ClassOutcome {
    std::vector<uint64_t> arrived, completed, withinSlo;
    // Interval k's latencies, ascending by bin: bins[binOffsets[k] - binsDropped ..
    // binOffsets[k + 1] - binsDropped), for the intervals whose bins are still kept.
    std::vector<LatencyBinCount> bins;
    std::vector<size_t> binOffsets;
    size_t binsDropped = 0;
    // Per replica, epoch after epoch in the order of ClassEpochPlan::replicas: busy seconds
    // (not divided by procs); complete once the simulation has reached durationS.
    std::vector<double> busyS;

    std::span<const LatencyBinCount> binsOf(size_t interval) const
    {
        return {bins.data() + (binOffsets[interval] - binsDropped), binOffsets[interval + 1] - binOffsets[interval]};
    }
};

class ClassSimulation;

// One class's simulation, advanced in steps; advancing to t1 then t2 gives exactly what
// advancing to t2 at once gives.
class ClassRequestSimulation {
public:
    ClassRequestSimulation(const ServingClass& servingClass, const std::vector<ClassEpochPlan>& epochs,
                           const IntervalGrid& grid, uint64_t seed, uint32_t classIndex);
    ~ClassRequestSimulation();
    ClassRequestSimulation(ClassRequestSimulation&&) noexcept;

    // Simulates every event before untilS (at most durationS; at durationS the run is complete).
    void advance(double untilS);
    // Intervals [0, finalIntervals()) have all their latencies.
    size_t finalIntervals() const;
    const ClassOutcome& outcome() const;
    // Frees the latency bins of the intervals before `interval` (final, and merged by the caller).
    void dropBinsBefore(size_t interval);

private:
    std::unique_ptr<ClassSimulation> simulation_;
};

// The generator of class classIndex's arrivals (PoissonArrivals): mt19937_64 seeded by a
// std::seed_seq of (seed, classIndex), whose algorithm the standard fixes.
std::mt19937_64 classArrivalRng(uint64_t seed, uint32_t classIndex);

// Simulates one class to the end, with arrivals drawn from classArrivalRng(seed, classIndex).
ClassOutcome simulateClass(const ServingClass& servingClass, const std::vector<ClassEpochPlan>& epochs,
                           const IntervalGrid& grid, uint64_t seed, uint32_t classIndex);

}  // namespace tessera
