#include "training/rent/WidthSolver.h"

#include "training/rent/FloorCeilMix.h"
#include "training/rent/IntegerWidthSearch.h"
#include "training/rent/WidthCost.h"

#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

namespace {
// Doubling mu from 1 reaches every feasible budget long before this (k(mu) -> 1 as mu grows,
// and sum rho < b); it only guards against a speedup that breaks A1's assumptions.
constexpr int kMaxDoublings = 1100;

std::vector<TypeWidth> single(const std::vector<double>& widths)
{
    std::vector<TypeWidth> result;
    result.reserve(widths.size());
    for (double k : widths)
        result.push_back({k, k, 1});
    return result;
}
}  // namespace

const char* widthCaseName(WidthCase c)
{
    switch (c) {
    case WidthCase::Infeasible:
        return "infeasible";
    case WidthCase::NotBinding:
        return "not binding";
    case WidthCase::Bisection:
        return "bisection";
    case WidthCase::CriticalMix:
        return "critical mix";
    }
    return "?";
}

const char* bisectionStopName(BisectionStop s)
{
    switch (s) {
    case BisectionStop::None:
        return "none";
    case BisectionStop::BudgetMet:
        return "budget met";
    case BisectionStop::BracketClosed:
        return "bracket closed";
    case BisectionStop::IterationLimit:
        return "iteration limit";
    }
    return "?";
}

WidthSolver::WidthSolver(std::vector<JobType> types) : WidthSolver(std::move(types), Options{}) {}

WidthSolver::WidthSolver(std::vector<JobType> types, Options options) : types_(std::move(types)), options_(options)
{
    if (types_.empty())
        throw std::invalid_argument("the width solver needs at least one job type");
    for (const JobType& t : types_) {
        if (!(t.load() > 0 && std::isfinite(t.load())))
            throw std::invalid_argument(fmt::format(
                "job type \"{}\": the load (arrival rate x mean size) must be positive and finite, not {}", t.name,
                t.load()));
        minimisers_.emplace_back(t);
        load_ += t.load();
    }
}

std::vector<double> WidthSolver::widthsAt(double mu) const
{
    std::vector<double> widths;
    widths.reserve(minimisers_.size());
    for (const TypeWidthMinimiser& m : minimisers_)
        widths.push_back(m.at(mu));
    return widths;
}

double WidthSolver::usedBy(const std::vector<double>& widths) const { return widthsCost(types_, single(widths)).gpus; }

double WidthSolver::saturationBudget() const { return usedBy(widthsAt(0)); }

void WidthSolver::finish(WidthSolution& solution, const std::vector<TypeWidth>& widths) const
{
    const WidthCost total = widthsCost(types_, widths);
    solution.used = total.gpus;
    solution.meanResponse = total.meanResponse;
    for (size_t i = 0; i < types_.size(); ++i) {
        const WidthCost c = typeWidthCost(types_[i], widths[i]);
        solution.types.push_back({widths[i], c.meanResponse, c.gpus});
    }
    if (options_.integerWidths)
        solution.integer = IntegerWidthSearch::best(types_, solution.budget, widths);
    FloorCeilRealisation& fc = solution.floorCeil;
    for (const TypeWidth& w : widths)
        fc.widths.push_back(floorCeilMix(w));
    const WidthCost mixed = widthsCost(types_, fc.widths);
    fc.meanResponse = mixed.meanResponse;
    fc.used = mixed.gpus;
    fc.withinBudget = withinBudget(mixed.gpus, solution.budget);
}

WidthSolution WidthSolver::solve(double budget) const
{
    if (!std::isfinite(budget))
        throw std::invalid_argument(fmt::format("a budget must be a finite number of GPUs, not {}", budget));
    WidthSolution solution;
    solution.budget = budget;
    solution.load = load_;
    if (load_ >= budget) {
        solution.message = fmt::format(
            "infeasible: the jobs' load is {:.6g} GPUs (sum of arrival rate x mean size), so a budget of "
            "{:.6g} GPUs cannot serve them even at width 1; the budget must exceed the load",
            load_, budget);
        return solution;
    }

    const std::vector<double> atZero = widthsAt(0);
    if (usedBy(atZero) <= budget) {
        solution.widthCase = WidthCase::NotBinding;
        finish(solution, single(atZero));
        return solution;
    }

    // Bracket: used(mu_lo) > b >= used(mu_hi). mu_lo starts at 0 (k(0+) is over budget, just
    // checked) and follows mu_hi while doubling, which keeps the bracket and narrows it.
    double muLo = 0;
    double muHi = 1;
    std::vector<double> hi = widthsAt(muHi);
    std::vector<double> lo = atZero;
    double usedHi = usedBy(hi);
    double usedLo = usedBy(lo);
    for (int i = 0; usedHi > budget; ++i) {
        if (i == kMaxDoublings)
            throw std::runtime_error("the width bisection found no multiplier that meets the budget");
        muLo = muHi;
        lo = std::move(hi);
        usedLo = usedHi;
        muHi *= 2;
        hi = widthsAt(muHi);
        usedHi = usedBy(hi);
    }

    BisectionStop stop = BisectionStop::IterationLimit;
    int iterations = 0;
    for (;; ++iterations) {
        if (std::abs(usedHi - budget) <= options_.tolerance * budget) {
            stop = BisectionStop::BudgetMet;
            break;
        }
        if (muHi - muLo <= 1e-12 * muHi) {
            stop = BisectionStop::BracketClosed;
            break;
        }
        if (iterations == options_.maxIterations)
            break;
        const double muMid = (muLo + muHi) / 2;
        std::vector<double> mid = widthsAt(muMid);
        const double usedMid = usedBy(mid);
        if (usedMid > budget) {
            muLo = muMid;
            lo = std::move(mid);
            usedLo = usedMid;
        } else {
            muHi = muMid;
            hi = std::move(mid);
            usedHi = usedMid;
        }
    }
    solution.multiplier = muHi;
    solution.iterations = iterations;
    solution.stop = stop;

    // The feasible end k(mu_hi). When used jumps across b at the critical mu (breakpoints of a
    // tabulated s, or any minimiser that jumps), no mu meets b; both ends minimise the
    // Lagrangian there, so a mix of them in the share q that makes used = b exactly is optimal
    // and never slower than k(mu_hi). used is linear in q: q usedHi + (1 - q) usedLo = b.
    std::vector<TypeWidth> widths = single(hi);
    solution.widthCase = WidthCase::Bisection;
    if (stop != BisectionStop::BudgetMet && usedLo > budget) {
        // Only the types whose width jumps mix: a smooth type's two ends differ by rounding.
        std::vector<size_t> jumping;
        for (size_t i = 0; i < hi.size(); ++i)
            if (std::abs(lo[i] - hi[i]) > 1e-9 * hi[i])
                jumping.push_back(i);
        auto mixAt = [&](double share) {
            std::vector<TypeWidth> mixed = single(hi);
            for (size_t i : jumping)
                mixed[i] = {hi[i], lo[i], share};
            return mixed;
        };
        const double usedWide = widthsCost(types_, mixAt(0)).gpus;
        if (!jumping.empty() && usedWide > budget) {
            double q = (usedWide - budget) / (usedWide - usedHi);
            // Rounding may leave used a few ulps above b: lean towards the narrow end until it fits.
            for (int i = 0; i < 64 && widthsCost(types_, mixAt(q)).gpus > budget; ++i)
                q = std::min(1.0, std::nextafter(q, 2.0) + 4 * std::numeric_limits<double>::epsilon() * i);
            if (q < 1) {
                widths = mixAt(q);
                solution.widthCase = WidthCase::CriticalMix;
            }
        }
    }
    finish(solution, widths);
    return solution;
}

}  // namespace tessera
