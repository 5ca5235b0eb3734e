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
    std::vector<double> averageHeldByType;  // per type: its time-average GPUs over the span
};

// The contract's tolerance on the budget: 2%.
constexpr double kBudgetTolerance = 0.02;

// Throws std::invalid_argument for a budget or price that is not positive and finite.
RentalSummary summariseRental(const RentalResult& result, double budget, double pricePerGpuHour = 1);

}  // namespace tessera
