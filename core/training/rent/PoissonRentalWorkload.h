#pragma once

// A seeded synthetic rental workload (training-boa-pal.md, reproduction targets: 10^5 jobs with
// Poisson arrivals and exponential sizes): one merged Poisson stream at rate sum_i lambda_i, each
// job of type i with probability lambda_i / lambda, its size exponential with mean E[X_i].
// Requested widths are 1 (the model has none; greedy then rents one GPU per job).

#include "training/rent/RentalWorkload.h"

#include <cstdint>

namespace tessera {

// Jobs 0..jobs-1, the first arriving at 0. The same types, count and seed give the same jobs.
// Throws std::invalid_argument for jobs outside 1..10^7, a type with a non-positive or
// non-finite rate or mean size, or no speedup.
RentalWorkload poissonRentalWorkload(const std::vector<JobType>& types, size_t jobs, uint64_t seed);

}  // namespace tessera
