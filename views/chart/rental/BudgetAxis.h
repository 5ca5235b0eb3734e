#pragma once

#include "chart/ChartRegistry.h"
#include "chart/ChartSpec.h"

#include <QString>

namespace tessera::chart {

// The y axis of a renting run's GPUs against its budget: the GPUs rented peak at up to ten times
// the budget for moments, and an axis scaled to those peaks squashes the budget and the average
// so far, the lines the chart is for, into a hairline at its foot. So the axis holds three times
// the highest budget (a round number) and says how far the peaks it cuts go. The one rule of the
// app's "Rented vs budget" tab (RentedView, through SeriesFeeder::budgetAxis), the exported
// charts, the report and `tessera-cli chart --chart rented`.
struct BudgetAxis {
    double top = 0;   // the axis' top; 0: no budget, the axis fits the data
    double peak = 0;  // the highest GPUs rented of the runs

    // True when GPUs rented rise above the axis.
    bool cutsPeaks() const { return top > 0 && peak > top; }
    // "peaks up to 264 GPUs above the axis", or empty when nothing is cut.
    QString note() const;

    // From the highest budget and the highest GPUs rented.
    static BudgetAxis fitted(double highestBudget, double highestRented);
    // From the runs' series ("budget_gpus", "gpus_rented"), each run whole.
    static BudgetAxis of(const ChartRuns& runs);
    // The chart's y axis held to `top`, and the note after its subtitle, when peaks are cut.
    void apply(ChartSpec& spec) const;
};

}  // namespace tessera::chart
