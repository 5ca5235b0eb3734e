#pragma once

// The outputs of `tessera-cli training --mode rent` (contracts.md 9): the job CSV (with a budget
// column after seed under --sweep) and the summary table. Numbers are fixed-point with a dot in
// any locale: seconds with 3 decimals, widths, GPU-hours and budgets with 4.

#include "training/rental-kind/TrainingRentalRun.h"

#include <string>
#include <vector>

namespace tessera {

// policy,seed[,budget],job_id,arrival_s,start_s,end_s,jct_s,gpus,cost_gpu_h
std::string rentalJobHeader(bool withBudget);
// One row per job, jobs by id.
std::string rentalJobRows(const TrainingRentalRun& run, bool withBudget);
// Per run: policy, budget, mean, geometric-mean and p99 JCT (hours), makespan (hours), utilisation
// (%, RentalSummary::utilisation: the jobs' one-GPU work over the GPU-hours rented) and the
// average GPUs rented.
std::string rentalSummaryTable(const std::vector<const TrainingRentalRun*>& runs);
// One line per run whose average rented GPUs exceed its budget by more than 2% (contracts.md 9),
// "warning: ..."; empty when every run was held.
std::string rentalBudgetWarnings(const std::vector<const TrainingRentalRun*>& runs);

}  // namespace tessera
