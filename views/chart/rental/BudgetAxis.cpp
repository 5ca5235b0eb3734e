#include "chart/rental/BudgetAxis.h"

#include "chart/NiceTicks.h"
#include "run/Run.h"

#include <algorithm>
#include <cmath>

namespace tessera::chart {

namespace {

// Three times the budget: room for the average so far, whose first moments (an average of a
// few minutes) are as spiky as the GPUs rented, to be read against the budget.
constexpr double kBudgetsShown = 3;

double highest(const Run& run, std::string_view key)
{
    const MetricSeries& series = run.series();
    const auto column = series.find(key);
    double best = 0;
    if (column)
        for (double v : series.column(*column))
            if (std::isfinite(v))
                best = std::max(best, v);
    return best;
}

}  // namespace

QString BudgetAxis::note() const
{
    return cutsPeaks() ? QStringLiteral("peaks up to %1 GPUs above the axis").arg(std::lround(peak)) : QString();
}

BudgetAxis BudgetAxis::fitted(double highestBudget, double highestRented)
{
    BudgetAxis axis;
    axis.peak = std::isfinite(highestRented) ? std::max(0.0, highestRented) : 0.0;
    if (std::isfinite(highestBudget) && highestBudget > 0)
        axis.top = NiceTicks::niceCeiling(std::max(1.0, highestBudget * kBudgetsShown));
    return axis;
}

BudgetAxis BudgetAxis::of(const ChartRuns& runs)
{
    double budget = 0, rented = 0;
    for (const Run* run : runs)
        if (run) {
            budget = std::max(budget, highest(*run, "budget_gpus"));
            rented = std::max(rented, highest(*run, "gpus_rented"));
        }
    return fitted(budget, rented);
}

void BudgetAxis::apply(ChartSpec& spec) const
{
    if (!cutsPeaks())
        return;
    spec.y.max = top;
    spec.subtitle = spec.subtitle.isEmpty() ? note() : spec.subtitle + QStringLiteral(" · ") + note();
}

}  // namespace tessera::chart
