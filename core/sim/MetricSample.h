#pragma once

#include "model/PodSpec.h"

#include <array>
#include <cstdint>

namespace tessera {

// The cluster's metrics after one step, in exact integer units; percentages and kW are
// derived on output so that every consumer (CSV, study, charts) sees the same numbers.
struct MetricSample {
    int64_t timeSeconds = 0;     // replay: simulated time; experiment: 0
    int64_t arrivedMilli = 0;    // sum of d*k over arrived pods, failed ones included
    int64_t gpuLeftMilli = 0;    // sum of free GPU share
    int64_t fragmentScaled = 0;  // F_cluster x FragmentationModel::scale()
    int64_t cpuWatts = 0;
    int64_t gpuWatts = 0;
    int32_t usedNodes = 0;
    int32_t usedGpus = 0;
    int32_t pending = 0;
    std::array<int32_t, kPodClassCount> failedByClass{};

    int32_t failedTotal() const
    {
        int32_t total = 0;
        for (int32_t f : failedByClass)
            total += f;
        return total;
    }
};

// MetricSample as the contract's percentages and kilowatts.
struct MetricValues {
    double arrivedPct = 0;
    double allocPct = 0;
    double fragRatePct = 0;
    double fragOfTotalPct = 0;
    double powerKw = 0;
    double cpuPowerKw = 0;
    double gpuPowerKw = 0;

    static MetricValues of(const MetricSample& s, int64_t capacityMilli, int64_t fragScale);
};

}  // namespace tessera
