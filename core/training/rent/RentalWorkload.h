#pragma once

// The input of a rental simulation (training-boa-pal.md A1, A4): the job types and the jobs, each
// job of one type with an arrival time and a size (seconds of work on one GPU). Jobs are
// malleable; `requestedGpus` is the width the trace asked for, used only by the greedy baseline.

#include "training/rent/JobType.h"

#include <cstdint>
#include <vector>

namespace tessera {

struct RentalJob {
    uint64_t id = 0;
    double arrivalS = 0;
    size_t type = 0;        // index into RentalWorkload::types
    double sizeS = 0;       // seconds of work on one GPU, > 0
    int requestedGpus = 1;  // the trace's width (greedy renting)
};

struct RentalWorkload {
    std::vector<JobType> types;
    std::vector<RentalJob> jobs;  // by arrival (ties in any fixed order)
};

// Throws std::invalid_argument naming the first problem: no types or jobs, a type without a
// speedup, a job of an unknown type, a size that is not finite and positive, an arrival that is
// negative, not finite or before the previous job's, a requested width below 1.
void validateRentalWorkload(const RentalWorkload& workload);

// The rate at which a job of `type` works on `width` GPUs: s(width) from 1 GPU up; below one GPU
// a time-share of a single GPU, so width itself (0 when it holds none). Speedups are used as
// given beyond the type's maxWidth: bounding widths is the policy's business.
double rentalRate(const JobType& type, double width);

}  // namespace tessera
