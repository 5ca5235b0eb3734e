#pragma once

// Runs one named rental policy at an average budget, held to it as RentalBudget.h says
// (contracts.md 9: `--policy boa|fixed:K|autoscale|hesrpt|greedy`).

#include "training/rent/AutoscalePolicy.h"
#include "training/rent/BoaPolicy.h"
#include "training/rent/RentalBudget.h"

#include <string>
#include <vector>

namespace tessera {

struct RentalPolicyInputs {
    std::vector<TypeWidth> boaWidths;  // boa: the solver's widths, one per type
    WidthRealisation boaRealisation = WidthRealisation::TimeShare;
    BoaResolve boaResolve;
    AutoscaleParams autoscale;         // maxNodes is searched
};

// Throws std::invalid_argument for an unknown name, a bad fixed:K, a bad budget, or boa without
// one width per type.
BoundedRun runRentalPolicy(const std::string& spec, const RentalWorkload& workload, double budget,
                           const RentalPolicyInputs& inputs = {});

}  // namespace tessera
