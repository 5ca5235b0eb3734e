#include "training/rent/RentalMetrics.h"

#include "training/JctStatistics.h"
#include "training/rent/RentalBudget.h"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

RentalSummary summariseRental(const RentalResult& result, double budget, double pricePerGpuHour)
{
    checkBudget(budget);
    if (!(std::isfinite(pricePerGpuHour) && pricePerGpuHour > 0))
        throw std::invalid_argument(fmt::format("the price per GPU-hour must be positive, not {}", pricePerGpuHour));
    RentalSummary summary;
    summary.jobs = result.jobs.size();
    std::vector<double> jct;
    jct.reserve(result.jobs.size());
    for (const RentalJobRecord& job : result.jobs)
        jct.push_back(job.jctS);
    const JctStatistics stats = jctStatistics(std::move(jct));
    summary.meanJctS = stats.meanS;
    summary.geomeanJctS = stats.geomeanS;
    summary.p99JctS = stats.p99S;
    summary.makespanS = result.lastCompletionS - result.firstArrivalS;
    summary.budget = budget;
    summary.averageRented = result.averageRented;
    summary.budgetUse = result.averageRented / budget;
    summary.withinBudget = result.averageRented <= budget * (1 + kBudgetTolerance);
    summary.rentedGpuHours = result.rentedGpuHours;
    summary.cost = result.rentedGpuHours * pricePerGpuHour;
    summary.utilisation = result.rentedGpuHours > 0 ? result.workGpuHours / result.rentedGpuHours : 0;

    const RentedSeries& series = result.series;
    summary.averageHeldByType.assign(series.types, 0);
    for (size_t i = 0; i + 1 < series.times.size(); ++i)
        for (size_t t = 0; t < series.types; ++t)
            summary.averageHeldByType[t] += series.heldBy(i, t) * (series.times[i + 1] - series.times[i]);
    if (summary.makespanS > 0)
        for (double& held : summary.averageHeldByType)
            held /= summary.makespanS;
    return summary;
}

}  // namespace tessera
