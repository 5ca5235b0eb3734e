// BOA's width solver (core/training/rent, training-boa-pal.md A2-A3 and its reproduction
// targets): the closed forms, the per-type minimiser, every edge case of A3, the widths
// against brute force, the best integer widths against exhaustive search, the Fig. 1 table
// and the frontier against an exhaustive 2-D grid search.
#include "training/AmdahlSpeedup.h"
#include "training/CappedLinearSpeedup.h"
#include "training/PowerLawSpeedup.h"
#include "training/TabulatedSpeedup.h"
#include "training/rent/BudgetFrontier.h"
#include "training/rent/FloorCeilMix.h"
#include "training/rent/IntegerWidthSearch.h"
#include "training/rent/TypeWidthMinimiser.h"
#include "training/rent/WidthCost.h"
#include "training/rent/WidthSolver.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <random>
#include <vector>

using namespace tessera;

namespace {

// A family with no closed form and no breakpoints: the minimiser must scan (A3's generic path).
class OpaqueSpeedup final : public SpeedupFunction {
public:
    explicit OpaqueSpeedup(std::shared_ptr<const SpeedupFunction> inner) : inner_(std::move(inner)) {}
    double operator()(double k) const override { return (*inner_)(k); }
    std::string describe() const override { return "opaque " + inner_->describe(); }

private:
    std::shared_ptr<const SpeedupFunction> inner_;
};

JobType makeType(std::shared_ptr<const SpeedupFunction> s, double rate, double size, double maxWidth)
{
    JobType t;
    t.name = s->describe();
    t.arrivalRate = rate;
    t.meanSize = size;
    t.speedup = std::move(s);
    t.maxWidth = maxWidth;
    return t;
}

// The paper's Fig. 1 setting: Amdahl p = 0.8 and sqrt(k), lambda_i = 0.4, E[X_i] = 1. k_max is
// far above any width these budgets reach.
std::vector<JobType> figureOneTypes()
{
    return {makeType(std::make_shared<AmdahlSpeedup>(0.8), 0.4, 1, 1000),
            makeType(std::make_shared<PowerLawSpeedup>(0.5), 0.4, 1, 1000)};
}

std::shared_ptr<const SpeedupFunction> randomSpeedup(std::mt19937_64& rng)
{
    std::uniform_real_distribution<double> u(0, 1);
    switch (rng() % 4) {
    case 0:
        return std::make_shared<AmdahlSpeedup>(0.5 + 0.49 * u(rng));
    case 1:
        return std::make_shared<PowerLawSpeedup>(0.2 + 0.7 * u(rng));
    case 2:
        return std::make_shared<CappedLinearSpeedup>(1 + 8 * u(rng));
    default: {
        // Concave-ish measured curve: per-GPU rate falls at every point.
        std::vector<TabulatedSpeedup::Point> points{{1, 1}};
        double k = 1;
        double s = 1;
        while (k < 24) {
            const double nk = k + 1 + std::floor(3 * u(rng));
            const double rate = (s / k) * (0.6 + 0.4 * u(rng));
            const double ns = std::max(s, rate * nk);
            points.push_back({nk, ns});
            k = nk;
            s = ns;
        }
        return std::make_shared<TabulatedSpeedup>(std::move(points));
    }
    }
}

std::vector<JobType> randomTypes(std::mt19937_64& rng, int count, double maxWidth)
{
    std::uniform_real_distribution<double> u(0, 1);
    std::vector<JobType> types;
    for (int i = 0; i < count; ++i)
        types.push_back(makeType(randomSpeedup(rng), 0.1 + u(rng), 0.5 + 2 * u(rng), maxWidth));
    return types;
}

// The best E[T] within budget b over a grid of widths 1, 1 + h, ... <= k_max per type (two
// types) and over every mix of two such grid policies: the lower convex hull of the grid's
// (used, E[T]) points. Mixing two joint policies in a share q is what a per-type two-point mix
// does (each type's jobs split by q; used and E[T] are linear in q), so the hull is the
// brute-force answer to the problem the solver solves.
class GridEnvelope {
public:
    GridEnvelope(const std::vector<JobType>& types, double h)
    {
        std::vector<std::pair<double, double>> points;
        for (double k1 = 1; k1 <= types[0].maxWidth + 1e-9; k1 += h)
            for (double k2 = 1; k2 <= types[1].maxWidth + 1e-9; k2 += h) {
                const WidthCost c = widthsCost(types, {{k1, k1, 1}, {k2, k2, 1}});
                points.emplace_back(c.gpus, c.meanResponse);
            }
        std::sort(points.begin(), points.end());
        for (const auto& p : points) {  // Andrew's monotone chain, lower half
            while (hull_.size() >= 2) {
                const auto& a = hull_[hull_.size() - 2];
                const auto& b = hull_.back();
                if ((b.first - a.first) * (p.second - a.second) - (b.second - a.second) * (p.first - a.first) <= 0)
                    hull_.pop_back();
                else
                    break;
            }
            hull_.push_back(p);
        }
    }

    double at(double budget) const
    {
        double best = std::numeric_limits<double>::infinity();
        for (size_t i = 0; i < hull_.size(); ++i) {
            if (hull_[i].first <= budget)
                best = std::min(best, hull_[i].second);
            if (i > 0 && hull_[i - 1].first <= budget && hull_[i].first > budget) {
                const auto& a = hull_[i - 1];
                const auto& b = hull_[i];
                best = std::min(best, a.second + (b.second - a.second) * (budget - a.first) / (b.first - a.first));
            }
        }
        return best;
    }

private:
    std::vector<std::pair<double, double>> hull_;
};

// An upper bound on GridEnvelope::at(b) - E[T](solution): rounding each width of the solution
// (both points of a mix) down to the grid keeps the budget (k / s(k) is non-decreasing) and
// costs at most 1/s(k - h) - 1/s(k) per job.
double gridRoundingBound(const std::vector<JobType>& types, const WidthSolution& solution, double h)
{
    double rate = 0;
    double bound = 0;
    for (size_t i = 0; i < types.size(); ++i) {
        const SpeedupFunction& s = *types[i].speedup;
        double worst = 0;
        for (double k : {solution.types[i].width.low, solution.types[i].width.high})
            worst = std::max(worst, 1 / s(std::max(1.0, k - h)) - 1 / s(k));
        bound += types[i].arrivalRate * types[i].meanSize * worst;
        rate += types[i].arrivalRate;
    }
    return bound / rate;
}

// Exhaustive integer search: every combination of k_i in 1..floor(k_max).
double exhaustiveInteger(const std::vector<JobType>& types, double budget)
{
    double best = std::numeric_limits<double>::infinity();
    std::vector<TypeWidth> widths(types.size());
    std::function<void(size_t)> walk = [&](size_t j) {
        if (j == types.size()) {
            const WidthCost c = widthsCost(types, widths);
            if (withinBudget(c.gpus, budget))  // the contract's rounding slack (WidthCost.h)
                best = std::min(best, c.meanResponse);
            return;
        }
        for (double k = 1; k <= std::floor(types[j].maxWidth); ++k) {
            widths[j] = {k, k, 1};
            walk(j + 1);
        }
    };
    walk(0);
    return best;
}

}  // namespace

class TestWidthSolver : public QObject {
    Q_OBJECT

private slots:
    void closedFormsGiveTheReproductionTargets()
    {
        // Amdahl p = 0.8 at mu = 0.01: sqrt(0.8 / (0.01 * 0.2)) = 20; power 0.5: 0.5 / (0.01 * 0.5) = 100.
        QVERIFY(std::abs(*AmdahlSpeedup(0.8).costMinimiser(0.01) - 20) < 1e-12);
        QVERIFY(std::abs(*PowerLawSpeedup(0.5).costMinimiser(0.01) - 100) < 1e-12);
        QCOMPARE(*CappedLinearSpeedup(4).costMinimiser(0.01), 4.0);
        QVERIFY(!TabulatedSpeedup({{1, 1}, {2, 1.5}}).costMinimiser(0.01));

        auto amdahl = std::make_shared<AmdahlSpeedup>(0.8);
        auto power = std::make_shared<PowerLawSpeedup>(0.5);
        QVERIFY(std::abs(TypeWidthMinimiser(makeType(amdahl, 1, 1, 1000)).at(0.01) - 20) < 1e-12);
        QVERIFY(std::abs(TypeWidthMinimiser(makeType(power, 1, 1, 1000)).at(0.01) - 100) < 1e-12);
        // Clamped to [1, k_max].
        QCOMPARE(TypeWidthMinimiser(makeType(amdahl, 1, 1, 16)).at(0.01), 16.0);
        QCOMPARE(TypeWidthMinimiser(makeType(power, 1, 1, 1000)).at(1e6), 1.0);
    }

    void theScanFindsTheClosedFormsMinimum()
    {
        // Without the closed form the grid scan and golden section land on the same width.
        for (auto s : {std::shared_ptr<const SpeedupFunction>(std::make_shared<AmdahlSpeedup>(0.8)),
                       std::shared_ptr<const SpeedupFunction>(std::make_shared<PowerLawSpeedup>(0.5)),
                       std::shared_ptr<const SpeedupFunction>(std::make_shared<AmdahlSpeedup>(0.97))})
            for (double mu : {0.001, 0.01, 0.3, 5.0}) {
                const double exact = TypeWidthMinimiser(makeType(s, 1, 1, 500)).at(mu);
                const double scanned = TypeWidthMinimiser(makeType(std::make_shared<OpaqueSpeedup>(s), 1, 1, 500)).at(mu);
                QVERIFY2(std::abs(scanned - exact) <= 1e-6 * exact,
                         qPrintable(QString("%1 mu=%2: %3 vs %4").arg(QString::fromStdString(s->describe())).arg(mu).arg(scanned).arg(exact)));
            }
    }

    void tabulatedMinimumIsOnABreakpoint()
    {
        auto s = std::make_shared<TabulatedSpeedup>(std::vector<TabulatedSpeedup::Point>{{1, 1}, {2, 1.9}, {4, 3.3}, {8, 5}, {16, 6.5}});
        const TypeWidthMinimiser m(makeType(s, 1, 1, 12));  // k_max between breakpoints is a candidate too
        for (double mu = 0.001; mu < 10; mu *= 1.7) {
            const double k = m.at(mu);
            QVERIFY2(k == 1 || k == 2 || k == 4 || k == 8 || k == 12, qPrintable(QString::number(k)));
            const double value = (1 + mu * k) / (*s)(k);
            for (double x = 1; x <= 12; x += 0.01)
                QVERIFY(value <= (1 + mu * x) / (*s)(x) + 1e-12);
        }
    }

    void fullSpeedWidthIsTheSmallestReachingMaxSpeed()
    {
        QCOMPARE(CappedLinearSpeedup(4).smallestFullSpeedWidth(16), 4.0);
        QCOMPARE(CappedLinearSpeedup(4).smallestFullSpeedWidth(3), 3.0);
        QCOMPARE(AmdahlSpeedup(0.8).smallestFullSpeedWidth(16), 16.0);
        const TabulatedSpeedup flat({{1, 1}, {2, 1.5}, {4, 1.5}, {8, 3}, {16, 3}});
        QCOMPARE(flat.smallestFullSpeedWidth(3), 2.0);   // the flat run 2..4 reaches s(3)
        QCOMPARE(flat.smallestFullSpeedWidth(5), 5.0);   // rising: only k_max
        QCOMPARE(flat.smallestFullSpeedWidth(40), 8.0);  // flat after the last point and 8..16
        // The default bisection, through a family that hides its override.
        const OpaqueSpeedup opaque(std::make_shared<CappedLinearSpeedup>(4));
        QVERIFY(std::abs(opaque.smallestFullSpeedWidth(16) - 4) < 1e-9);
        QCOMPARE(opaque.smallestFullSpeedWidth(1), 1.0);
    }

    void infeasibleWhenTheLoadReachesTheBudget()
    {
        const WidthSolver solver(figureOneTypes());
        QCOMPARE(solver.load(), 0.8);
        for (double b : {0.5, 0.8}) {
            const WidthSolution s = solver.solve(b);
            QCOMPARE(s.widthCase, WidthCase::Infeasible);
            QVERIFY(!s.feasible());
            QVERIFY(s.message.find("infeasible") != std::string::npos);
            QVERIFY(s.message.find("0.8") != std::string::npos);
            QVERIFY(s.types.empty());
        }
        QVERIFY(solver.solve(0.8000001).feasible());
    }

    void nonBindingBudgetTakesTheSmallestFullSpeedWidth()
    {
        // min(k, 4) with k_max = 16 and a budget that does not bind: 4, not 16.
        const WidthSolver solver({makeType(std::make_shared<CappedLinearSpeedup>(4), 0.5, 2, 16)});
        const WidthSolution s = solver.solve(10);
        QCOMPARE(s.widthCase, WidthCase::NotBinding);
        QCOMPARE(s.types[0].width.low, 4.0);
        QVERIFY(s.types[0].width.isSingle());
        QCOMPARE(s.multiplier, 0.0);
        QCOMPARE(s.used, 1.0);  // rho k / s(k) = 1 x 4 / 4
        QCOMPARE(s.meanResponse, 0.5);
        // Even a budget barely above the load does not bind: k / s(k) = 1 up to the cap.
        QCOMPARE(solver.solve(1.0000001).types[0].width.low, 4.0);
    }

    void theReturnedWidthsNeverExceedTheBudget()
    {
        std::mt19937_64 rng(14);
        std::uniform_real_distribution<double> u(0, 1);
        int bisections = 0;
        int mixes = 0;
        for (int trial = 0; trial < 300; ++trial) {
            const std::vector<JobType> types = randomTypes(rng, 1 + int(rng() % 6), 2 + 62 * u(rng));
            const WidthSolver solver(types);
            const double b = solver.load() + (solver.saturationBudget() - solver.load()) * 1.2 * u(rng) + 1e-9;
            const WidthSolution s = solver.solve(b);
            QVERIFY(s.feasible());
            QVERIFY2(s.used <= b, qPrintable(QString("trial %1: used %2 > b %3").arg(trial).arg(s.used, 0, 'g', 17).arg(b, 0, 'g', 17)));
            QVERIFY(withinBudget(s.integer.used, b));
            // Per-type parts add up, widths stay in [1, k_max].
            double sum = 0;
            for (size_t i = 0; i < types.size(); ++i) {
                sum += s.types[i].gpus;
                QVERIFY(s.types[i].width.low >= 1 && s.types[i].width.high <= types[i].maxWidth);
            }
            QVERIFY(std::abs(sum - s.used) <= 1e-12 * s.used);
            if (s.widthCase == WidthCase::Bisection && s.stop == BisectionStop::BudgetMet)
                QVERIFY(std::abs(s.used - b) <= 1e-9 * b);
            bisections += s.widthCase == WidthCase::Bisection;
            mixes += s.widthCase == WidthCase::CriticalMix;
            if (s.widthCase == WidthCase::CriticalMix)
                QVERIFY(std::abs(s.used - b) <= 1e-12 * b);
        }
        // The instances reach every case.
        QVERIFY(bisections > 20);
        QVERIFY(mixes > 20);
    }

    void theIterationLimitStillEndsFeasible()
    {
        // Three bisection steps cannot meet eps: the answer is the bracket's feasible end (or
        // the mix of its two ends that uses b exactly), never over the budget.
        const WidthSolver solver(figureOneTypes(), WidthSolver::Options{1e-9, 3, true});
        const WidthSolution s = solver.solve(1.04);
        QCOMPARE(s.stop, BisectionStop::IterationLimit);
        QCOMPARE(s.iterations, 3);
        QVERIFY(s.used <= 1.04);
        QVERIFY(s.meanResponse >= WidthSolver(figureOneTypes()).solve(1.04).meanResponse - 1e-12);
        QCOMPARE(QString(bisectionStopName(s.stop)), QStringLiteral("iteration limit"));
        QCOMPARE(QString(widthCaseName(WidthCase::CriticalMix)), QStringLiteral("critical mix"));
    }

    void aTabulatedSpeedupMeetsTheBudgetExactlyThroughTheMix()
    {
        auto s = std::make_shared<TabulatedSpeedup>(std::vector<TabulatedSpeedup::Point>{{1, 1}, {2, 1.8}, {4, 3}, {8, 4.4}});
        const WidthSolver solver({makeType(s, 0.5, 1, 8)});  // rho = 0.5
        // GPUs at the breakpoints: 0.5 k / s(k) = 0.5, 0.556, 0.667, 0.909: b = 0.6 lies between 2 and 4.
        const WidthSolution r = solver.solve(0.6);
        QCOMPARE(r.widthCase, WidthCase::CriticalMix);
        QVERIFY(r.stop != BisectionStop::BudgetMet);
        const TypeWidth& w = r.types[0].width;
        QCOMPARE(w.low, 2.0);
        QCOMPARE(w.high, 4.0);
        QVERIFY(w.lowShare > 0 && w.lowShare < 1);
        QVERIFY(r.used <= 0.6);
        QVERIFY(std::abs(r.used - 0.6) <= 1e-12);
        // The share makes used linear: q 0.5 (2 / 1.8) + (1 - q) 0.5 (4 / 3) = 0.6.
        const double q = (0.5 * 4 / 3 - 0.6) / (0.5 * 4 / 3 - 0.5 * 2 / 1.8);
        QVERIFY(std::abs(w.lowShare - q) < 1e-9);
        // Faster than the feasible end alone (width 2 everywhere).
        QVERIFY(r.meanResponse < 1 / 1.8);
        // Integer widths cannot mix: the best is 2 GPUs, 1 / 1.8.
        QCOMPARE(r.integer.widths, std::vector<int>{2});
        QVERIFY(r.integerGap() > 0);
    }

    void widthsMatchBruteForceOnRandomInstances()
    {
        std::mt19937_64 rng(1402);
        std::uniform_real_distribution<double> u(0, 1);
        const double h = 0.05;
        for (int trial = 0; trial < 25; ++trial) {
            const std::vector<JobType> types = randomTypes(rng, 2, 6 + 6 * u(rng));
            const WidthSolver solver(types);
            const double b = solver.load() + (solver.saturationBudget() - solver.load()) * u(rng) + 1e-6;
            const WidthSolution s = solver.solve(b);
            const double grid = GridEnvelope(types, h).at(b);
            const QString what = QString("trial %1 b=%2: solver %3, grid %4").arg(trial).arg(b).arg(s.meanResponse, 0, 'g', 12).arg(grid, 0, 'g', 12);
            // Optimal: no grid point within budget beats it, and the grid comes within the
            // rounding bound (the grid contains the solver's widths rounded down).
            QVERIFY2(s.meanResponse <= grid + 1e-9, qPrintable(what));
            QVERIFY2(grid <= s.meanResponse + gridRoundingBound(types, s, h) + 1e-12, qPrintable(what));
        }
    }

    void integerSearchEqualsExhaustiveSearch()
    {
        std::mt19937_64 rng(77);
        std::uniform_real_distribution<double> u(0, 1);
        for (int trial = 0; trial < 100; ++trial) {
            const std::vector<JobType> types = randomTypes(rng, 1 + int(rng() % 4), 3 + std::floor(10 * u(rng)));
            const WidthSolver solver(types);
            const double b = solver.load() + (solver.saturationBudget() - solver.load()) * 1.1 * u(rng) + 1e-6;
            const double exhaustive = exhaustiveInteger(types, b);
            const WidthSolution solved = solver.solve(b);
            // Unseeded (one pass, no limit) and as every solve runs it (seeded with the floors
            // of the fractional widths, passes with a rising limit).
            for (const IntegerWidths& best : {IntegerWidthSearch::best(types, b), solved.integer}) {
                QVERIFY(best.exact);
                QVERIFY(withinBudget(best.used, b));
                QVERIFY2(std::abs(best.meanResponse - exhaustive) <= 1e-12 * exhaustive,
                         qPrintable(QString("trial %1: %2 vs %3").arg(trial).arg(best.meanResponse, 0, 'g', 17).arg(exhaustive, 0, 'g', 17)));
                // The integer answer is never better than the fractional optimum.
                QVERIFY(best.meanResponse >= solved.meanResponse * (1 - 1e-9));
            }
        }
        // Even width 1 everywhere over budget: no integer widths.
        QVERIFY(IntegerWidthSearch::best(figureOneTypes(), 0.79).widths.empty());
    }

    void figureOneIntegerVersusFractionalTable()
    {
        // training-boa-pal.md A3: b -> E[T] fractional vs best integer.
        struct Row {
            double budget, fractional, integer, tolerance;
        };
        const WidthSolver solver(figureOneTypes());
        for (const Row& row : {Row{0.84, 0.867, 1.000, 5e-4}, Row{1.04, 0.644, 0.700, 5e-4}, Row{3.2, 0.2361, 0.2362, 5e-5}}) {
            const WidthSolution s = solver.solve(row.budget);
            const QString what = QString("b=%1: %2 vs %3").arg(row.budget).arg(s.meanResponse, 0, 'g', 8).arg(s.integer.meanResponse, 0, 'g', 8);
            QVERIFY2(std::abs(s.meanResponse - row.fractional) <= row.tolerance, qPrintable(what));
            QVERIFY2(std::abs(s.integer.meanResponse - row.integer) <= row.tolerance, qPrintable(what));
            QVERIFY(std::abs(s.integerGap() - (s.integer.meanResponse / s.meanResponse - 1)) < 1e-15);
            QVERIFY(withinBudget(s.integer.used, row.budget));
            QVERIFY(s.floorCeil.widths.size() == 2);
        }
        // b = 0.84 binds: Amdahl gets 1.5 GPUs, sqrt stays at 1.
        const WidthSolution tight = solver.solve(0.84);
        QCOMPARE(tight.widthCase, WidthCase::Bisection);
        QCOMPARE(tight.stop, BisectionStop::BudgetMet);
        QVERIFY(std::abs(tight.types[0].width.low - 1.5) < 1e-6);
        QCOMPARE(tight.types[1].width.low, 1.0);
        QCOMPARE(tight.integer.widths, (std::vector<int>{1, 1}));
        // Its floor/ceil realisation: half the Amdahl jobs on 1 GPU, half on 2.
        const TypeWidth& mix = tight.floorCeil.widths[0];
        QCOMPARE(mix.low, 1.0);
        QCOMPARE(mix.high, 2.0);
        QVERIFY(std::abs(mix.lowShare - 0.5) < 1e-6);
        // From b ~ 4 sum rho on, the gap is below 0.1%.
        QVERIFY(solver.solve(3.2).integerGap() < 1e-3);
        QVERIFY(solver.solve(0.84).integerGap() > 0.15);
    }

    void floorCeilMixMeetsTheWidthInExpectation()
    {
        const TypeWidth m = floorCeilMix({2.3, 2.3, 1});
        QCOMPARE(m.low, 2.0);
        QCOMPARE(m.high, 3.0);
        QVERIFY(std::abs(m.mean() - 2.3) < 1e-12);
        const TypeWidth whole = floorCeilMix({4, 4, 1});
        QVERIFY(whole.isSingle() && whole.low == 4);
        const TypeWidth breakpoints = floorCeilMix({2, 4, 0.25});
        QCOMPARE(breakpoints.low, 2.0);
        QCOMPARE(breakpoints.high, 4.0);
        QCOMPARE(breakpoints.lowShare, 0.25);
        const TypeWidth fractionalMix = floorCeilMix({2, 5.5, 0.5});  // mean 3.75
        QCOMPARE(fractionalMix.low, 3.0);
        QCOMPARE(fractionalMix.high, 4.0);
        QVERIFY(std::abs(fractionalMix.mean() - 3.75) < 1e-12);
    }

    void theFrontierIsMonotoneAndMatchesAGridSearch()
    {
        const std::vector<JobType> types = figureOneTypes();
        const WidthSolver solver(types);
        const std::vector<double> budgets = BudgetFrontier::evenBudgets(solver, 50);
        QCOMPARE(budgets.size(), size_t(50));
        QVERIFY(budgets.front() > solver.load());
        QCOMPARE(budgets.back(), solver.saturationBudget());
        const std::vector<WidthSolution> points = BudgetFrontier::sweep(solver, budgets);
        for (size_t j = 0; j < points.size(); ++j) {
            QVERIFY(points[j].used <= budgets[j]);
            if (j > 0) {
                QVERIFY(points[j].meanResponse <= points[j - 1].meanResponse);
                QVERIFY(points[j].used >= points[j - 1].used);
                QVERIFY(points[j].integer.meanResponse <= points[j - 1].integer.meanResponse);
            }
        }
        // As b -> 0.8+, the budget used -> sum rho = 0.8 and E[T] -> 1.
        const WidthSolution edge = solver.solve(0.8 + 1e-6);
        QVERIFY(std::abs(edge.used - 0.8) <= 2e-6);
        QVERIFY(std::abs(edge.meanResponse - 1) < 1e-3);

        // Against an exhaustive 2-D grid over (k1, k2) in steps of h on [1, 30] (and the mixes of
        // its points): the solver is never beaten, and the grid comes within its rounding bound.
        const double h = 0.02;
        std::vector<JobType> bounded = types;
        for (JobType& t : bounded)
            t.maxWidth = 30;
        const GridEnvelope envelope(bounded, h);
        const WidthSolver boundedSolver(bounded);
        for (double b : {0.82, 0.9, 1.04, 1.5, 2.0, 3.2, 4.0}) {
            const WidthSolution s = boundedSolver.solve(b);
            const double best = envelope.at(b);
            const QString what = QString("b=%1: solver %2, grid %3").arg(b).arg(s.meanResponse, 0, 'g', 12).arg(best, 0, 'g', 12);
            QVERIFY2(s.meanResponse <= best + 1e-9, qPrintable(what));
            QVERIFY2(best <= s.meanResponse + gridRoundingBound(bounded, s, h) + 1e-12, qPrintable(what));
        }
    }

    void badInputsAreRefused()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, WidthSolver(std::vector<JobType>{}));
        JobType noSpeedup = figureOneTypes()[0];
        noSpeedup.speedup = nullptr;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, WidthSolver({noSpeedup}));
        JobType narrow = figureOneTypes()[0];
        narrow.maxWidth = 0.5;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, WidthSolver({narrow}));
        JobType idle = figureOneTypes()[0];
        idle.arrivalRate = 0;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, WidthSolver({idle}));
        const WidthSolver solver(figureOneTypes());
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, solver.solve(std::nan("")));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, solver.solve(INFINITY));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, BudgetFrontier::evenBudgets(solver, 0));
    }
};

QTEST_APPLESS_MAIN(TestWidthSolver)
#include "tst_widthsolver.moc"
