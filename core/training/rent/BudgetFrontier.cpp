#include "training/rent/BudgetFrontier.h"

#include <stdexcept>

namespace tessera {

std::vector<double> BudgetFrontier::evenBudgets(const WidthSolver& solver, int count)
{
    if (count < 1)
        throw std::invalid_argument("a budget sweep needs at least one point");
    const double lo = solver.load();
    const double hi = solver.saturationBudget();
    std::vector<double> budgets;
    budgets.reserve(size_t(count));
    for (int j = 1; j <= count; ++j)
        budgets.push_back(j == count ? hi : lo + (hi - lo) * j / count);
    return budgets;
}

std::vector<WidthSolution> BudgetFrontier::sweep(const WidthSolver& solver, const std::vector<double>& budgets)
{
    std::vector<WidthSolution> points;
    points.reserve(budgets.size());
    for (double b : budgets)
        points.push_back(solver.solve(b));
    return points;
}

}  // namespace tessera
