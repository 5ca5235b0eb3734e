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
// A span holder's fit: its bound already fixes the span, so a coarser grid finds the widest b'.
constexpr int kHolderGridPoints = 8;
constexpr int kHolderMaxFits = 16;

WidthSolver::Options fastSolve()
{
    WidthSolver::Options options;
    options.integerWidths = false;
    return options;
}

// A re-solve for the loads observed in a window, at the same solver budget and width bounds: a
// type with no arrivals in it keeps a load far below the others (its width no longer matters),
// and an observed load at or above b' gives the narrowest widths.
BoaResolve resolveAt(double solverBudget, const std::vector<JobType>& bounded)
{
    BoaResolve resolve;
    resolve.solve = [solverBudget, bounded](const std::vector<JobType>& observed) {
        std::vector<JobType> types = observed;
        double largest = 0;
        for (const JobType& t : types)
            largest = std::max(largest, t.load());
        for (size_t i = 0; i < types.size(); ++i) {
            JobType& t = types[i];
            t.maxWidth = std::min(t.maxWidth, bounded[i].maxWidth);
            if (!(t.load() > 0)) {
                t.meanSize = t.meanSize > 0 ? t.meanSize : 1;
                t.arrivalRate = 1e-9 * std::max(largest, 1e-9) / t.meanSize;
            }
        }
        return boaWidthsOf(WidthSolver(types, fastSolve()).solve(solverBudget), types.size());
    };
    return resolve;
}

double meanJct(const RentalResult& result)
{
    double sum = 0;
    for (const RentalJobRecord& job : result.jobs)
        sum += job.jctS;
    return sum / double(result.jobs.size());
}

// One fit of the solver's budget for one set of types (the workload's, or with a span holder's
// width bounded).
class SolverBudgetFit {
public:
    SolverBudgetFit(const RentalWorkload& workload, double budget, WidthRealisation realisation,
                    const std::function<RentalResult(RentalPolicy&)>& simulate, int& simulations)
        : workload_(workload), budget_(budget), realisation_(realisation), simulate_(simulate),
          simulations_(simulations)
    {
    }

    BoaRun runAt(const WidthSolver& solver, double solverBudget) const
    {
        const std::vector<JobType>& types = solver.types();
        const WidthSolution solution = solver.solve(solverBudget);
        BoaPolicy policy(boaWidthsOf(solution, types.size()), realisation_, resolveAt(solverBudget, types));
        RentalResult result = simulate_ ? simulate_(policy) : RentalSimulation(workload_).run(policy);
        ++simulations_;
        result.boundNote = fmt::format("solver budget {:.4f} GPUs, re-solved {} times", solverBudget, policy.resolves());
        BoaRun out;
        out.run.withinBudget = result.averageRented <= budget_;
        out.run.result = std::move(result);
        out.solverBudget = solverBudget;
        return out;
    }

    // The largest b' on (sum rho, used(0+)] whose run averages <= b. The simulated average is not
    // monotone in b' on a finite trace (one wide job more or less moves the last completion,
    // hence the span), so a grid over the range first finds the widest b' that fits, then a
    // bisection refines it towards the next grid point up. When even the narrowest widths
    // exceed b, that run is returned (shown, not hidden).
    BoaRun widest(const std::vector<JobType>& types, int gridPoints, int maxFits) const
    {
        const WidthSolver solver(types, fastSolve());
        // (sum rho, used(0+)]: below, the solver has no answer; above, more money buys no speed.
        const double lowest = std::nextafter(solver.load(), std::numeric_limits<double>::infinity()) * (1 + 1e-9);
        const double highest = std::max(lowest, solver.saturationBudget());
        BoaRun best = runAt(solver, highest);
        if (best.run.withinBudget)
            return best;
        const auto gridAt = [&](int i) { return lowest * std::pow(highest / lowest, double(i) / (gridPoints - 1)); };
        double lo = 0, hi = highest;
        bool found = false;
        for (int i = 0; i < gridPoints; ++i) {
            BoaRun trial = runAt(solver, gridAt(i));
            if (trial.run.withinBudget) {
                lo = gridAt(i);
                hi = i + 1 < gridPoints ? gridAt(i + 1) : highest;
                best = std::move(trial);
                found = true;
            } else if (!found && i == 0) {
                best = std::move(trial);
            }
        }
        for (int fits = 0; found && fits < maxFits && hi - lo > kBracket * hi &&
                           best.run.result.averageRented < budget_ * (1 - kCloseEnough);
             ++fits) {
            const double mid = 0.5 * (lo + hi);
            BoaRun trial = runAt(solver, mid);
            if (trial.run.withinBudget) {
                lo = mid;
                best = std::move(trial);
            } else {
                hi = mid;
            }
        }
        return best;
    }

private:
    const RentalWorkload& workload_;
    double budget_;
    WidthRealisation realisation_;
    const std::function<RentalResult(RentalPolicy&)>& simulate_;
    int& simulations_;
};

// A lower bound on the mean JCT of any run with type `held` at most `width` GPUs: its jobs at
// that width, every other job at its type's full-speed width (no queue, so a job's JCT is its
// size over its speed).
double fastestMeanJct(const RentalWorkload& workload, size_t held, double width)
{
    std::vector<double> rate;
    for (size_t i = 0; i < workload.types.size(); ++i)
        rate.push_back(rentalRate(workload.types[i],
                                  i == held ? width : TypeWidthMinimiser(workload.types[i]).fullSpeedWidth()));
    double sum = 0;
    for (const RentalJob& job : workload.jobs)
        sum += job.sizeS / rate[job.type];
    return sum / double(workload.jobs.size());
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

std::vector<double> spanHolderWidths(const RentalWorkload& workload, size_t type)
{
    const JobType& t = workload.types.at(type);
    const SpeedupFunction& s = *t.speedup;
    std::vector<double> candidates = s.breakpoints();
    if (candidates.empty())
        for (double k = 1; k <= t.maxWidth; ++k)
            candidates.push_back(k);
    // The span is at least the last arrival and every other type's last completion at its
    // full-speed width: a bound under which this type ends no later holds nothing.
    const auto lastEnd = [&](size_t of, double width) {
        double end = 0;
        for (const RentalJob& job : workload.jobs)
            if (job.type == of)
                end = std::max(end, job.arrivalS + job.sizeS / rentalRate(workload.types[of], width));
        return end;
    };
    double shortest = workload.jobs.back().arrivalS;
    for (size_t other = 0; other < workload.types.size(); ++other)
        if (other != type)
            shortest = std::max(shortest, lastEnd(other, TypeWidthMinimiser(workload.types[other]).fullSpeedWidth()));
    const double fullSpeed = TypeWidthMinimiser(t).fullSpeedWidth();
    std::vector<double> widths;
    for (double k : candidates)
        if (k >= 1 && k < fullSpeed && k <= t.maxWidth && lastEnd(type, k) > shortest)
            widths.push_back(k);
    return widths;
}

BoaRun runBoaWithinBudget(const RentalWorkload& workload, double budget, BoaBudgetRule rule,
                          WidthRealisation realisation, const std::function<RentalResult(RentalPolicy&)>& simulate)
{
    checkBudget(budget);
    int simulations = 0;
    const SolverBudgetFit fit(workload, budget, realisation, simulate, simulations);
    std::vector<JobType> types = workload.types;

    BoaRun best;
    if (rule == BoaBudgetRule::Analytical) {
        best = fit.runAt(WidthSolver(types, fastSolve()), budget);
    } else {
        best = fit.widest(types, kGridPoints, kMaxFits);
        if (rule == BoaBudgetRule::SpanFitted) {
            double bestJct = best.run.withinBudget ? meanJct(best.run.result) : INFINITY;
            for (size_t h = 0; h < workload.types.size(); ++h)
                for (double width : spanHolderWidths(workload, h)) {
                    if (!(fastestMeanJct(workload, h, width) < bestJct))
                        continue;  // even every job at its fastest width could not win
                    std::vector<JobType> bounded = types;
                    bounded[h].maxWidth = width;
                    BoaRun trial = fit.widest(bounded, kHolderGridPoints, kHolderMaxFits);
                    if (!trial.run.withinBudget || !(meanJct(trial.run.result) < bestJct))
                        continue;
                    bestJct = meanJct(trial.run.result);
                    best = std::move(trial);
                    best.spanHolder = SpanHolder{h, width};
                }
            if (best.spanHolder) {
                types[best.spanHolder->type].maxWidth = best.spanHolder->maxWidth;
                best.run.result.boundNote += fmt::format(", {} held to at most {:g} GPUs (the span)",
                                                         workload.types[best.spanHolder->type].name,
                                                         best.spanHolder->maxWidth);
            }
        }
    }
    // The reported solution: with the integer search and the gap, as every solve reports them.
    best.solution = WidthSolver(types).solve(best.solverBudget);
    best.simulations = simulations;
    if (rule == BoaBudgetRule::Analytical && !best.solution.feasible())
        best.run.result.boundNote = "infeasible (load above the budget): width 1 for every type";
    return best;
}

}  // namespace tessera
