#include "training/rent/RentalWorkload.h"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

void validateRentalWorkload(const RentalWorkload& workload)
{
    if (workload.types.empty())
        throw std::invalid_argument("a rental workload needs at least one job type");
    if (workload.jobs.empty())
        throw std::invalid_argument("a rental workload needs at least one job");
    for (const JobType& type : workload.types)
        if (!type.speedup)
            throw std::invalid_argument(fmt::format("job type \"{}\" has no speedup function", type.name));
    double previous = 0;
    for (const RentalJob& job : workload.jobs) {
        if (job.type >= workload.types.size())
            throw std::invalid_argument(fmt::format("job {} has type {}, but there are {} types", job.id,
                                                    job.type, workload.types.size()));
        if (!(std::isfinite(job.sizeS) && job.sizeS > 0))
            throw std::invalid_argument(fmt::format("job {} has size {} s; it must be positive", job.id, job.sizeS));
        if (!(std::isfinite(job.arrivalS) && job.arrivalS >= 0))
            throw std::invalid_argument(fmt::format("job {} arrives at {} s", job.id, job.arrivalS));
        if (job.arrivalS < previous)
            throw std::invalid_argument(fmt::format("job {} arrives at {} s, before the job listed before it ({} s)",
                                                    job.id, job.arrivalS, previous));
        if (job.requestedGpus < 1)
            throw std::invalid_argument(fmt::format("job {} requests {} GPUs", job.id, job.requestedGpus));
        previous = job.arrivalS;
    }
}

double rentalRate(const JobType& type, double width)
{
    if (width <= 0)
        return 0;
    return width < 1 ? width : (*type.speedup)(width);
}

}  // namespace tessera
