#include "training/rent/RentalBudget.h"

#include "training/rent/RentalSimulation.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

void checkBudget(double budget)
{
    if (!(std::isfinite(budget) && budget > 0))
        throw std::invalid_argument(fmt::format("the budget must be a positive number of GPUs, not {}", budget));
}

BoundedRun largestBoundWithinBudget(double budget, int lowest, int highest,
                                    const std::function<RentalResult(int)>& run)
{
    checkBudget(budget);
    BoundedRun best{run(lowest), lowest, false};
    best.withinBudget = best.result.averageRented <= budget;
    if (!best.withinBudget)
        return best;
    int over = highest + 1;  // the smallest bound known to exceed the budget
    while (best.bound < highest) {
        const int candidate = int(std::min<long long>(2LL * best.bound, highest));
        RentalResult result = run(candidate);
        if (result.averageRented > budget) {
            over = candidate;
            break;
        }
        best = {std::move(result), candidate, true};
    }
    while (over - best.bound > 1) {
        const int mid = best.bound + (over - best.bound) / 2;
        RentalResult result = run(mid);
        if (result.averageRented > budget)
            over = mid;
        else
            best = {std::move(result), mid, true};
    }
    return best;
}

BoundedRun runWithinBudgetByCap(const RentalWorkload& workload, RentalPolicy& policy, double budget)
{
    checkBudget(budget);
    RentalResult uncapped = RentalSimulation(workload).run(policy);
    if (uncapped.averageRented <= budget) {
        uncapped.boundNote = "no cap needed";
        return {std::move(uncapped), 0, true};
    }
    // A cap below the widest job would leave it waiting for ever; above the uncapped peak it
    // changes nothing.
    double widest = 0, peak = 0;
    for (const RentalJobRecord& job : uncapped.jobs)
        widest = std::max(widest, job.gpus);
    for (double rented : uncapped.series.rented)
        peak = std::max(peak, rented);
    const int lowest = int(std::ceil(widest));
    const int highest = std::max(lowest, int(std::ceil(peak)));
    BoundedRun bounded = largestBoundWithinBudget(budget, lowest, highest, [&](int cap) {
        return RentalSimulation(workload, RentalOptions{double(cap)}).run(policy);
    });
    bounded.result.boundNote = fmt::format("FIFO cap {} GPUs", bounded.bound);
    return bounded;
}

BoundedRun runAutoscaleWithinBudget(const RentalWorkload& workload, AutoscaleParams params, double budget)
{
    checkBudget(budget);
    // The minimum cluster is rented throughout, so it must fit the budget: below minNodes x 4
    // GPUs, nodes shrink to floor(b / minNodes) GPUs (at least 1).
    params.gpusPerNode = std::clamp(int(std::floor(budget / params.minNodes)), 1, params.gpusPerNode);
    const int highest = std::max(params.minNodes, int(std::ceil(8 * budget / params.gpusPerNode)));
    const RentalSimulation simulation(workload);
    BoundedRun bounded = largestBoundWithinBudget(budget, params.minNodes, highest, [&](int maxNodes) {
        AutoscaleParams bound = params;
        bound.maxNodes = maxNodes;
        AutoscalePolicy policy(bound);
        return simulation.run(policy);
    });
    bounded.result.boundNote = fmt::format("at most {} nodes of {} GPUs", bounded.bound, params.gpusPerNode);
    return bounded;
}

}  // namespace tessera
