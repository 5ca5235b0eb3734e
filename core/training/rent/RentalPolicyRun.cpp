#include "training/rent/RentalPolicyRun.h"

#include "training/rent/FixedWidthPolicy.h"
#include "training/rent/GreedyPolicy.h"
#include "training/rent/HesrptPolicy.h"
#include "training/rent/RentalSimulation.h"

#include <charconv>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

namespace {

BoundedRun unbounded(RentalResult result, double budget, std::string note)
{
    result.boundNote = std::move(note);
    // A cluster of b GPUs rented over the span averages b up to rounding in the integral.
    const bool within = result.averageRented <= budget * (1 + 1e-12);
    return {std::move(result), 0, within};
}

}  // namespace

BoundedRun runRentalPolicy(const std::string& spec, const RentalWorkload& workload, double budget,
                           const RentalPolicyInputs& inputs)
{
    checkBudget(budget);
    if (spec.rfind("fixed:", 0) == 0) {
        const std::string digits = spec.substr(6);
        int gpus = 0;
        const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), gpus);
        if (digits.empty() || error != std::errc() || end != digits.data() + digits.size())
            throw std::invalid_argument(fmt::format("\"{}\": fixed:K needs a whole number of GPUs", spec));
        FixedWidthPolicy policy(gpus);
        return runWithinBudgetByCap(workload, policy, budget);
    }
    if (spec == "greedy") {
        GreedyPolicy policy;
        return runWithinBudgetByCap(workload, policy, budget);
    }
    if (spec == "hesrpt") {
        HesrptPolicy policy(budget);
        RentalResult result = RentalSimulation(workload).run(policy);  // sets the exponent
        return unbounded(std::move(result), budget,
                         fmt::format("cluster of {} GPUs, p = {:.3f}", budget, policy.exponent()));
    }
    if (spec == "autoscale")
        return runAutoscaleWithinBudget(workload, inputs.autoscale, budget);
    if (spec == "boa" && inputs.boaWidths.empty())
        return runBoaWithinBudget(workload, budget, inputs.boaRule, inputs.boaRealisation).run;
    if (spec == "boa") {
        BoaPolicy policy(inputs.boaWidths, inputs.boaRealisation, inputs.boaResolve);
        RentalResult result = RentalSimulation(workload).run(policy);
        return unbounded(std::move(result), budget, fmt::format("fixed widths, re-solved {} times", policy.resolves()));
    }
    throw std::invalid_argument(fmt::format("unknown rental policy \"{}\" (boa, fixed:K, autoscale, hesrpt, greedy)", spec));
}

}  // namespace tessera
