#include "training/rent/BoaBudgetFit.h"

#include "training/rent/RentalSimulation.h"
#include "training/rent/WidthSolver.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace tessera {

namespace {

// The bisection on b' stops when its bracket is this narrow (relative), when the measured average
// is within this share below b, or after this many runs.
constexpr double kBracket = 1e-6;
constexpr double kCloseEnough = 1e-4;
constexpr int kMaxFits = 40;
constexpr int kGridPoints = 48;

WidthSolver::Options fastSolve()
{
    WidthSolver::Options options;
    options.integerWidths = false;
    return options;
}

// A re-solve for the loads observed in a window: a type with no arrivals in it keeps a load far
// below the others (its width no longer matters), and an observed load at or above b' gives the
// narrowest widths.
BoaResolve resolveAt(double solverBudget)
{
    BoaResolve resolve;
    resolve.solve = [solverBudget](const std::vector<JobType>& observed) {
        std::vector<JobType> types = observed;
        double largest = 0;
        for (const JobType& t : types)
            largest = std::max(largest, t.load());
        for (JobType& t : types)
            if (!(t.load() > 0)) {
                t.meanSize = t.meanSize > 0 ? t.meanSize : 1;
                t.arrivalRate = 1e-9 * std::max(largest, 1e-9) / t.meanSize;
            }
        return boaWidthsOf(WidthSolver(types, fastSolve()).solve(solverBudget), types.size());
    };
    return resolve;
}

}  // namespace

std::vector<TypeWidth> boaWidthsOf(const WidthSolution& solution, size_t types)
{
    if (!solution.feasible())
        return std::vector<TypeWidth>(types, TypeWidth{});
    std::vector<TypeWidth> widths;
    for (const TypeSolution& t : solution.types)
        widths.push_back(t.width);
    return widths;
}

BoaRun runBoaWithinBudget(const RentalWorkload& workload, double budget, BoaBudgetRule rule,
                          WidthRealisation realisation, const std::function<RentalResult(RentalPolicy&)>& simulate)
{
    checkBudget(budget);
    const WidthSolver solver(workload.types, fastSolve());
    const auto runAt = [&](double solverBudget) {
        const WidthSolution solution = solver.solve(solverBudget);
        BoaPolicy policy(boaWidthsOf(solution, workload.types.size()), realisation, resolveAt(solverBudget));
        RentalResult result = simulate ? simulate(policy) : RentalSimulation(workload).run(policy);
        result.boundNote = fmt::format("solver budget {:.4f} GPUs, re-solved {} times", solverBudget, policy.resolves());
        BoaRun out;
        out.run.withinBudget = result.averageRented <= budget;
        out.run.result = std::move(result);
        out.solverBudget = solverBudget;
        return out;
    };

    BoaRun best;
    int simulations = 0;
    if (rule == BoaBudgetRule::Analytical) {
        best = runAt(budget);
        simulations = 1;
    } else {
        // (sum rho, used(0+)]: below, the solver has no answer; above, more money buys no speed.
        const double lowest = std::nextafter(solver.load(), std::numeric_limits<double>::infinity()) * (1 + 1e-9);
        const double highest = std::max(lowest, solver.saturationBudget());
        best = runAt(highest);
        simulations = 1;
        if (!best.run.withinBudget) {
            // The simulated average is not monotone in b' on a finite trace (one wide job more
            // or less moves the last completion, hence the span), so a grid over the range
            // first finds the widest b' that fits, then a bisection refines it towards the next
            // grid point up.
            double lo = 0, hi = highest;
            bool found = false;
            for (int i = 0; i < kGridPoints; ++i) {
                const double b = lowest * std::pow(highest / lowest, double(i) / (kGridPoints - 1));
                BoaRun trial = runAt(b);
                ++simulations;
                if (trial.run.withinBudget) {
                    lo = b;
                    hi = i + 1 < kGridPoints ? lowest * std::pow(highest / lowest, double(i + 1) / (kGridPoints - 1))
                                             : highest;
                    best = std::move(trial);
                    found = true;
                } else if (!found && i == 0) {
                    best = std::move(trial);  // even the narrowest widths exceed b: shown, not hidden
                }
            }
            while (found && simulations < kGridPoints + kMaxFits && hi - lo > kBracket * hi
                   && best.run.result.averageRented < budget * (1 - kCloseEnough)) {
                const double mid = 0.5 * (lo + hi);
                BoaRun trial = runAt(mid);
                ++simulations;
                if (trial.run.withinBudget) {
                    lo = mid;
                    best = std::move(trial);
                } else {
                    hi = mid;
                }
            }
        }
    }
    // The reported solution: with the integer search and the gap, as every solve reports them.
    best.solution = WidthSolver(workload.types).solve(best.solverBudget);
    best.simulations = simulations;
    if (rule == BoaBudgetRule::Analytical && !best.solution.feasible())
        best.run.result.boundNote = "infeasible (load above the budget): width 1 for every type";
    return best;
}

}  // namespace tessera
