#pragma once

// What the BOA width solver (training-boa-pal.md A3) returns for one budget: the widths per
// type, the multiplier, the budget used, E[T] and each E[T_i], how the answer was reached, and
// its integral realisations with the integer-vs-fractional gap (reported for every solve).

#include "training/rent/TypeWidth.h"

#include <limits>
#include <string>
#include <vector>

namespace tessera {

enum class WidthCase {
    Infeasible,   // sum rho >= b: even width 1 everywhere needs the whole budget or more
    NotBinding,   // the widths at mu -> 0+ fit the budget
    Bisection,    // the bisection's feasible end, k(mu_hi)
    CriticalMix,  // at the critical mu a two-point mix between k(mu_hi) and k(mu_lo) uses b exactly
};

enum class BisectionStop {
    None,            // no bisection (infeasible or not binding)
    BudgetMet,       // |used(mu_hi) - b| <= eps b
    BracketClosed,   // mu_hi - mu_lo <= 1e-12 mu_hi
    IterationLimit,  // 60 iterations
};

const char* widthCaseName(WidthCase c);     // "infeasible", "not binding", "bisection", "critical mix"
const char* bisectionStopName(BisectionStop s);  // "none", "budget met", "bracket closed", "iteration limit"

struct TypeSolution {
    TypeWidth width;
    double meanResponse = 0;  // E[T_i]
    double gpus = 0;          // this type's share of used
};

// The best integer widths k_i in {1, ..., floor(k_max,i)} under the same budget, its E[T] and
// the budget it uses (re-checked: never above b).
struct IntegerWidths {
    std::vector<int> widths;
    double meanResponse = std::numeric_limits<double>::quiet_NaN();
    double used = std::numeric_limits<double>::quiet_NaN();
    bool exact = true;  // false only when the search had to thin its frontier (docs/boa-choices.md)
};

// The fractional widths realised by giving each type's jobs floor(k) or ceil(k) GPUs in the
// shares that meet k in expectation. Its E[T] and GPUs differ from the fractional ones (s is
// not linear between integers), so the budget is re-checked.
struct FloorCeilRealisation {
    std::vector<TypeWidth> widths;
    double meanResponse = std::numeric_limits<double>::quiet_NaN();
    double used = std::numeric_limits<double>::quiet_NaN();
    bool withinBudget = false;
};

struct WidthSolution {
    WidthCase widthCase = WidthCase::Infeasible;
    std::string message;  // why, when infeasible
    double budget = 0;
    double load = 0;  // sum rho
    double multiplier = 0;  // mu; 0 when not binding
    double used = std::numeric_limits<double>::quiet_NaN();          // time-average GPUs rented
    double meanResponse = std::numeric_limits<double>::quiet_NaN();  // E[T]
    std::vector<TypeSolution> types;  // in the order of the job types given
    int iterations = 0;               // bisection steps (the doubling not counted)
    BisectionStop stop = BisectionStop::None;
    IntegerWidths integer;
    FloorCeilRealisation floorCeil;

    bool feasible() const { return widthCase != WidthCase::Infeasible; }
    // E[T] of the best integer widths over E[T] of the fractional ones, minus 1.
    double integerGap() const { return integer.meanResponse / meanResponse - 1; }
};

}  // namespace tessera
