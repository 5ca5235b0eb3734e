#pragma once

// Runs one named rental policy at an average budget, held to it as RentalBudget.h says
// (contracts.md 9: `--policy boa|fixed:K|autoscale|hesrpt|greedy`).

#include "training/rent/AutoscalePolicy.h"
#include "training/rent/BoaBudgetFit.h"
#include "training/rent/BoaPolicy.h"
#include "training/rent/RentalBudget.h"

#include <string>
#include <vector>

namespace tessera {

struct RentalPolicyInputs {
    // boa: given widths, one per type; empty: solved for the budget by `boaRule` (BoaBudgetFit.h).
    std::vector<TypeWidth> boaWidths;
    BoaBudgetRule boaRule = BoaBudgetRule::Analytical;
    WidthRealisation boaRealisation = WidthRealisation::TimeShare;
    BoaResolve boaResolve;             // with given widths only; solved widths re-solve themselves
    AutoscaleParams autoscale;         // maxNodes is searched
};

// Throws std::invalid_argument for an unknown name, a bad fixed:K, a bad budget, or boa without
// one width per type.
BoundedRun runRentalPolicy(const std::string& spec, const RentalWorkload& workload, double budget,
                           const RentalPolicyInputs& inputs = {});

}  // namespace tessera
