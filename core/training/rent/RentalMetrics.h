#pragma once

// The summary of a rental run (training-boa-pal.md A4, contracts.md 9): JCT statistics,
// makespan, the average rented GPUs against the budget, cost, and per-type averages for a
// stacked chart of K(t).

#include "training/rent/RentalResult.h"

#include <vector>

namespace tessera {

struct RentalSummary {
    size_t jobs = 0;
    double meanJctS = 0;
    double geomeanJctS = 0;
    double p99JctS = 0;          // nearest rank
    double makespanS = 0;        // last completion - first arrival
    double budget = 0;           // GPUs, time-average
    double averageRented = 0;    // over the span
    double budgetUse = 0;        // averageRented / budget
    bool withinBudget = false;   // averageRented <= 1.02 x budget (contracts.md 9)
    double rentedGpuHours = 0;
    double cost = 0;             // rentedGpuHours x price
    // Utilisation (contracts.md 9's summary column) as training-boa-pal.md A6 measures it for
    // rented GPUs, Pollux's: the speedup the jobs got per GPU rented, sum of s_j(k_j) over K(t),
    // averaged over the run's GPU-hours = the jobs' one-GPU work over the GPU-hours rented, in
    // [0, 1] for sub-linear speedups. It falls with idle rented GPUs (a fixed or autoscaled
    // cluster) and with widths past the speedup's knee; 1 only for jobs on one GPU each.
    double utilisation = 0;
    std::vector<double> averageHeldByType;  // per type: its time-average GPUs over the span
};

// The contract's tolerance on the budget: 2%.
constexpr double kBudgetTolerance = 0.02;

// Throws std::invalid_argument for a budget or price that is not positive and finite.
RentalSummary summariseRental(const RentalResult& result, double budget, double pricePerGpuHour = 1);

}  // namespace tessera
