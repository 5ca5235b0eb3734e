#pragma once

// The renting kind's cost-vs-JCT frontier chart (issue 14, item 6): for each policy of the runs,
// its mean JCT at every budget of a sweep (RentalFrontier, cached), one line per policy, placed
// at what each run spent (the GPUs it rented on average), not at the budget it asked for; each
// run marked at what it spent and its mean JCT, in its policy's colour (one colour per policy,
// lines and marks alike) and a shape of its own, a fork haloed by a dashed circle, the current run larger.
// The app's Frontier tab, the export, the report and `tessera-cli chart --chart frontier` draw
// it from this one builder; the app adds hover and click on the same spec (RentalFrontierItem).

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

// A run placed on the frontier. Its colour is its policy's; its shape is its place among the
// marks (marks keep their order whichever is current, so a run keeps its shape).
struct FrontierMark {
    const TrainingRentalRun* run = nullptr;
    QString name;
    bool current = false;  // emphasised
};

// One policy's sweep.
struct FrontierCurve {
    std::string policy;  // canonical
    std::vector<RentalFrontierPoint> points;  // ascending budget
};

// What a frontier sweeps: the policies, the budgets and the seed; plain values, for a worker.
struct FrontierSweepPlan {
    // each run's policy (a fork's: the one it switched to), then `more`, once each
    std::vector<std::string> policies;
    std::vector<double> budgets;        // the default grid over the inputs' range and every run's budget
    uint64_t seed = 42;                 // the first run's (trace runs do not depend on it)

    bool operator==(const FrontierSweepPlan&) const = default;
};

class FrontierChart {
public:
    // The sweep for `marks` on `inputs`: every run's policy has a point at every run's budget.
    // A run of one policy from the start is its policy's point at its budget: it goes into the
    // cache as it is.
    // `more`: further policies to sweep beside the runs' (the CLI's --policy), canonical.
    static FrontierSweepPlan plan(const std::shared_ptr<const TrainingRentalInputs>& inputs,
                                  const std::vector<FrontierMark>& marks, const std::vector<std::string>& more = {});
    // The same plan if the inputs' floor budget is cached, else nothing: never simulates, so the
    // GUI thread can ask (the floor is a whole fixed:1 run, for a worker to make).
    static std::optional<FrontierSweepPlan> cachedPlan(const std::shared_ptr<const TrainingRentalInputs>& inputs,
                                                       const std::vector<FrontierMark>& marks,
                                                       const std::vector<std::string>& more = {});
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
    // The chart: one line per curve (dots at its budgets), one mark per run, x the GPUs rented on
    // average (pointX); the axes' ranges are fixed to nice ticks around the data, so a view can
    // place the points it paints. `logJct` unset: a log JCT axis when the JCTs span more than
    // kLogJctSpan (the user's toggle sets it).
    static ChartSpec spec(const std::vector<FrontierCurve>& curves, const std::vector<FrontierMark>& marks,
                          const QString& subtitle, std::optional<bool> logJct = {});
    // Where a point lies on the x axis: the GPUs the run rented on average (what it spent), which
    // is at or below its budget (well below it where a policy cannot use more).
    static double pointX(const RentalFrontierPoint& point) { return point.averageRented; }
    // A run's point: its budget (the last phase's, for a fork) and what it bought.
    static RentalFrontierPoint pointOf(const TrainingRentalRun& run);
    // The mark of the `index`-th run.
    static ChartSpec::MarkShape markShape(size_t index);
    // The JCT axis is logarithmic when the largest JCT is more than this times the smallest.
    static constexpr double kLogJctSpan = 10;

    // The registered chart's builder: the marks are the runs (names from the options), the
    // inputs the first run's, the policies the runs' and options.morePolicies; the JCT axis
    // log or linear as options.logarithmicY says (unset: by the data). Throws ChartDataMissing for a run reopened from a
    // study without its inputs, which cannot be swept.
    static QList<ChartSpec> build(const ChartRuns& runs, const RunChartOptions& options,
                                  const ProgressCallback& progress);
};

}  // namespace tessera::chart
