#include "training/rental-kind/TrainingRentalCsv.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

namespace tessera {

std::string rentalJobHeader(bool withBudget)
{
    return withBudget ? "policy,seed,budget,job_id,arrival_s,start_s,end_s,jct_s,gpus,cost_gpu_h\n"
                      : "policy,seed,job_id,arrival_s,start_s,end_s,jct_s,gpus,cost_gpu_h\n";
}

std::string rentalJobRows(const TrainingRentalRun& run, bool withBudget)
{
    const auto& jobs = run.result().jobs;
    std::vector<size_t> order(jobs.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return jobs[a].id < jobs[b].id; });
    const std::string prefix = withBudget ? fmt::format("{},{},{:.4f},", run.info().policy, run.info().seed, run.budget())
                                          : fmt::format("{},{},", run.info().policy, run.info().seed);
    std::string out;
    for (size_t i : order) {
        const RentalJobRecord& job = jobs[i];
        out += prefix + fmt::format("{},{:.3f},{:.3f},{:.3f},{:.3f},{:.4f},{:.4f}\n", job.id, job.arrivalS, job.startS,
                                    job.endS, job.jctS, job.gpus, job.gpuHours);
    }
    return out;
}

std::string rentalSummaryTable(const std::vector<const TrainingRentalRun*>& runs)
{
    size_t width = 6;
    for (const TrainingRentalRun* run : runs)
        width = std::max(width, run->info().policy.size());
    std::string out = fmt::format("{:<{}}  {:>4}  {:>11}  {:>14}  {:>10}  {:>10}  {:>6}  {:>11}  {:>13}\n", "policy",
                                  width, "seed", "mean JCT h", "geomean JCT h", "p99 JCT h", "makespan h", "util %",
                                  "budget GPUs", "avg rented"); 
    for (const TrainingRentalRun* run : runs) {
        const RentalSummary& s = run->rentalSummary();
        out += fmt::format("{:<{}}  {:>4}  {:>11.3f}  {:>14.3f}  {:>10.3f}  {:>10.3f}  {:>6.2f}  {:>11.4f}  {:>13.4f}\n",
                           run->info().policy, width, run->info().seed, s.meanJctS / 3600, s.geomeanJctS / 3600,
                           s.p99JctS / 3600, s.makespanS / 3600, 100 * s.utilisation, s.budget, s.averageRented);
    }
    return out;
}

std::string rentalBudgetWarnings(const std::vector<const TrainingRentalRun*>& runs)
{
    std::string out;
    for (const TrainingRentalRun* run : runs) {
        const RentalSummary& s = run->rentalSummary();
        if (s.withinBudget)
            continue;
        out += fmt::format("warning: {} could not be held within 2% of the budget of {:.4f} GPUs: it rented "
                           "{:.4f} on average ({:+.1f}%; {})\n",
                           run->info().policy, s.budget, s.averageRented, 100 * (s.budgetUse - 1),
                           run->result().boundNote);
    }
    return out;
}

}  // namespace tessera
