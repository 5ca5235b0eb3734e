#pragma once

// What a rental simulation produces (training-boa-pal.md A4, contracts.md 9): one record per job
// and the rented-GPU step series K(t), split by job type for a stacked chart.

#include <cstdint>
#include <string>
#include <vector>

namespace tessera {

struct RentalJobRecord {
    uint64_t id = 0;
    size_t type = 0;
    double arrivalS = 0;
    double startS = 0;    // when it first held GPUs
    double endS = 0;
    double jctS = 0;      // endS - arrivalS
    double gpus = 0;      // its last width (malleable jobs can change width)
    double gpuHours = 0;  // the integral of its width over its life, in hours
};

// K(t) as a step function: from times[i] to times[i + 1] the policy rents rented[i] GPUs, of which
// perType[i * types + t] are held by jobs of type t; the rest (rented - their sum) are rented but
// idle (a fixed or autoscaled cluster). The last step is at the last completion, with nothing
// rented after it.
struct RentedSeries {
    size_t types = 0;
    std::vector<double> times;
    std::vector<double> rented;
    std::vector<double> perType;

    double heldBy(size_t step, size_t type) const { return perType[step * types + type]; }
};

struct RentalResult {
    std::string policy;
    std::vector<RentalJobRecord> jobs;  // in workload order
    RentedSeries series;
    double firstArrivalS = 0;
    double lastCompletionS = 0;
    double rentedGpuHours = 0;   // the integral of K(t) over the span, in hours
    double averageRented = 0;    // rentedGpuHours over the span (first arrival to last completion)
    // The jobs' work in hours on one GPU (the sum of their sizes): what the rented GPU-hours
    // bought, for the summary's utilisation.
    double workGpuHours = 0;
    std::string boundNote;       // how the policy was held to the budget, e.g. "cap 12 GPUs"
};

}  // namespace tessera
