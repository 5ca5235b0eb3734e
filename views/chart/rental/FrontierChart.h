#pragma once

// The renting kind's cost-vs-JCT frontier chart (issue 14, item 6): for each policy of the runs,
// its mean JCT at every budget of a sweep (RentalFrontier, cached), one line per policy; each
// run marked at its budget and mean JCT, the first (the current run) larger. The app's Frontier
// tab, the export, the report and `tessera-cli chart --chart frontier` draw it from this one
// builder; the app adds hover and click on the same spec (RentalFrontierItem).

#include "chart/ChartRegistry.h"
#include "chart/ChartSpec.h"
#include "chart/RunChartOptions.h"
#include "training/rental-kind/RentalFrontier.h"
#include "training/rental-kind/TrainingRentalRun.h"

#include <QColor>
#include <QString>

#include <memory>
#include <string>
#include <vector>

namespace tessera::chart {

// A run placed on the frontier.
struct FrontierMark {
    const TrainingRentalRun* run = nullptr;
    QString name;
    QColor color;
    bool current = false;  // emphasised
};

// One policy's sweep.
struct FrontierCurve {
    std::string policy;  // canonical
    std::vector<RentalFrontierPoint> points;  // ascending budget
};

// What a frontier sweeps: the policies, the budgets and the seed; plain values, for a worker.
struct FrontierSweepPlan {
    std::vector<std::string> policies;  // each run's policy (a fork's: the one it switched to), once each
    std::vector<double> budgets;        // the default grid over the inputs' range and every run's budget
    uint64_t seed = 42;                 // the first run's (trace runs do not depend on it)

    bool operator==(const FrontierSweepPlan&) const = default;
};

class FrontierChart {
public:
    // The sweep for `marks` on `inputs`: every run's policy has a point at every run's budget.
    // A run of one policy from the start is its policy's point at its budget: it goes into the
    // cache as it is.
    static FrontierSweepPlan plan(const std::shared_ptr<const TrainingRentalInputs>& inputs,
                                  const std::vector<FrontierMark>& marks);
    // The same plan if the inputs' floor budget is cached, else nothing: never simulates, so the
    // GUI thread can ask (the floor is a whole fixed:1 run, for a worker to make).
    static std::optional<FrontierSweepPlan> cachedPlan(const std::shared_ptr<const TrainingRentalInputs>& inputs,
                                                       const std::vector<FrontierMark>& marks);
    // Every policy's sweep, simulating what the cache lacks; progress over all of them.
    static std::vector<FrontierCurve> curves(const std::shared_ptr<const TrainingRentalInputs>& inputs,
                                             const FrontierSweepPlan& plan, const ProgressCallback& progress = {});
    // The curves from the cache alone, without the points not cached yet, whose number goes to
    // `missing`.
    static std::vector<FrontierCurve> cachedCurves(const std::shared_ptr<const TrainingRentalInputs>& inputs,
                                                   const FrontierSweepPlan& plan, size_t& missing);
    // A policy's colour: its place among the kind's policies in the chart palette (never a run's
    // colour), so that a policy keeps its colour whatever runs are open.
    static QColor policyColor(const std::string& policy);
    // A policy's name in the legend ("BOA", "Autoscale", "Fixed 4").
    static QString policyName(const std::string& policy);
    // The chart: one line per curve (dots at its budgets), one mark per run; the axes' ranges are
    // fixed to nice ticks around the data, so a view can place the points it paints.
    static ChartSpec spec(const std::vector<FrontierCurve>& curves, const std::vector<FrontierMark>& marks,
                          const QString& subtitle);
    // The JCT axis is logarithmic when the largest JCT is more than this times the smallest.
    static constexpr double kLogJctSpan = 10;

    // The registered chart's builder: the marks are the runs (names and colours from the
    // options), the inputs the first run's. Throws ChartDataMissing for a run reopened from a
    // study without its inputs, which cannot be swept.
    static QList<ChartSpec> build(const ChartRuns& runs, const RunChartOptions& options,
                                  const ProgressCallback& progress);
};

}  // namespace tessera::chart
