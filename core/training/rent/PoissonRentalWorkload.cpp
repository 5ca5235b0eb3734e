#include "training/rent/PoissonRentalWorkload.h"

#include "training/UnitInterval.h"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

namespace {

// Tessera's stream for rental jobs (Rng::stream purpose; fixed: changing it changes every job).
constexpr uint64_t kRentalJobStream = 0x7265'6e74'6a6f'6273ull;  // "rentjobs"

double exponential(Rng& rng, double mean) { return -std::log(1 - unitInterval(rng)) * mean; }

}  // namespace

RentalWorkload poissonRentalWorkload(const std::vector<JobType>& types, size_t jobs, uint64_t seed)
{
    if (jobs < 1 || jobs > 10000000)
        throw std::invalid_argument(fmt::format("a synthetic rental workload needs 1 to 10^7 jobs, not {}", jobs));
    if (types.empty())
        throw std::invalid_argument("a synthetic rental workload needs at least one job type");
    double lambda = 0;
    for (const JobType& type : types) {
        if (!(std::isfinite(type.arrivalRate) && type.arrivalRate > 0 && std::isfinite(type.meanSize) &&
              type.meanSize > 0))
            throw std::invalid_argument(fmt::format("job type \"{}\" needs a positive arrival rate and mean size "
                                                    "(has {} jobs/s and {} s)",
                                                    type.name, type.arrivalRate, type.meanSize));
        if (!type.speedup)
            throw std::invalid_argument(fmt::format("job type \"{}\" has no speedup function", type.name));
        lambda += type.arrivalRate;
    }
    RentalWorkload workload;
    workload.types = types;
    workload.jobs.reserve(jobs);
    Rng rng = Rng::stream(seed, kRentalJobStream);
    double clock = 0;
    for (size_t j = 0; j < jobs; ++j) {
        if (j > 0)
            clock += exponential(rng, 1 / lambda);
        double pick = unitInterval(rng) * lambda;
        size_t type = 0;
        while (type + 1 < types.size() && pick >= types[type].arrivalRate)
            pick -= types[type++].arrivalRate;
        workload.jobs.push_back({uint64_t(j), clock, type, exponential(rng, types[type].meanSize), 1});
        // A size of exactly 0 has probability 2^-53; it would be an invalid job.
        if (!(workload.jobs.back().sizeS > 0))
            workload.jobs.back().sizeS = types[type].meanSize * 1e-16;
    }
    return workload;
}

}  // namespace tessera
