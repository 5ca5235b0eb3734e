#include "chart/rental/FrontierChart.h"

#include "chart/ChartColors.h"
#include "chart/ChartError.h"
#include "chart/NiceTicks.h"
#include "run/RunKindRegistry.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tessera::chart {

namespace {

// The current run's mark, against the others'.
constexpr double kCurrentMarkScale = 1.7;

}  // namespace

FrontierSweepPlan FrontierChart::plan(const std::shared_ptr<const TrainingRentalInputs>& inputs,
                                      const std::vector<FrontierMark>& marks)
{
    RentalFrontier::floorBudget(inputs);  // into the cache
    return *cachedPlan(inputs, marks);
}

std::optional<FrontierSweepPlan> FrontierChart::cachedPlan(const std::shared_ptr<const TrainingRentalInputs>& inputs,
                                                           const std::vector<FrontierMark>& marks)
{
    const std::optional<double> floor = RentalFrontier::cachedFloorBudget(inputs);
    if (!floor)
        return std::nullopt;
    FrontierSweepPlan plan;
    std::vector<double> extra;
    const std::string key = RentalFrontier::inputsKey(inputs);
    for (const FrontierMark& m : marks) {
        extra.push_back(m.run->budget());
        // A run of one policy from the start is its sweep's point at its budget: not run twice.
        if (m.run->phases().size() == 1) {
            const RentalSummary& s = m.run->rentalSummary();
            RentalFrontier::remember({key, m.run->info().policy, m.run->budget(), m.run->info().seed},
                                     {m.run->budget(), s.averageRented, s.meanJctS, s.rentedGpuHours, s.withinBudget});
        }
        if (std::find(plan.policies.begin(), plan.policies.end(), m.run->info().policy) == plan.policies.end())
            plan.policies.push_back(m.run->info().policy);
    }
    plan.budgets = RentalFrontier::budgets(*floor, RentalFrontier::topBudget(*floor, extra),
                                           RentalFrontier::kDefaultPoints, extra);
    if (!marks.empty())
        plan.seed = marks.front().run->info().seed;
    return plan;
}

std::vector<FrontierCurve> FrontierChart::curves(const std::shared_ptr<const TrainingRentalInputs>& inputs,
                                                 const FrontierSweepPlan& plan, const ProgressCallback& progress)
{
    std::vector<FrontierCurve> out;
    const size_t n = plan.policies.size();
    for (size_t i = 0; i < n; ++i) {
        const auto share = [&](double f) { return !progress || progress((double(i) + f) / double(n)); };
        out.push_back({plan.policies[i], RentalFrontier::sweep(inputs, plan.policies[i], plan.budgets, plan.seed, share)});
    }
    return out;
}

std::vector<FrontierCurve> FrontierChart::cachedCurves(const std::shared_ptr<const TrainingRentalInputs>& inputs,
                                                       const FrontierSweepPlan& plan, size_t& missing)
{
    const std::string key = RentalFrontier::inputsKey(inputs);
    missing = 0;
    std::vector<FrontierCurve> out;
    for (const std::string& policy : plan.policies) {
        FrontierCurve curve{policy, {}};
        for (double b : plan.budgets) {
            if (const auto point = RentalFrontier::cached({key, policy, b, plan.seed}))
                curve.points.push_back(*point);
            else
                ++missing;
        }
        out.push_back(std::move(curve));
    }
    return out;
}

QColor FrontierChart::policyColor(const std::string& policy)
{
    const std::vector<RunKindPolicy> known = RunKindRegistry::kind(TrainingRentalRun::kKind).policies();
    for (size_t i = 0; i < known.size(); ++i)
        if (known[i].spec == policy)
            return ChartColors::seriesColor(int(i));
    // Other fixed widths after the kind's own, by their width.
    return ChartColors::seriesColor(int(known.size()) + int(std::hash<std::string>{}(policy) % 4));
}

QString FrontierChart::policyName(const std::string& policy)
{
    for (const RunKindPolicy& p : RunKindRegistry::kind(TrainingRentalRun::kKind).policies())
        if (p.spec == policy)
            return QString::fromStdString(p.label);
    if (policy.rfind("fixed:", 0) == 0)
        return QStringLiteral("Fixed %1").arg(QString::fromStdString(policy.substr(6)));
    return QString::fromStdString(policy);
}

ChartSpec FrontierChart::spec(const std::vector<FrontierCurve>& curves, const std::vector<FrontierMark>& marks,
                              const QString& subtitle)
{
    ChartSpec spec;
    spec.title = QStringLiteral("Cost vs JCT: each policy's mean JCT at every budget, and the runs");
    spec.subtitle = subtitle;
    spec.x = {QStringLiteral("Budget (time-average GPUs rented)"), QStringLiteral("GPUs")};
    spec.y = {QStringLiteral("Mean JCT"), QStringLiteral("h")};
    double xLo = std::numeric_limits<double>::infinity(), xHi = -xLo, yLo = xLo, yHi = 0;
    const auto extend = [&](double x, double y) {
        xLo = std::min(xLo, x);
        xHi = std::max(xHi, x);
        if (y > 0)
            yLo = std::min(yLo, y);
        yHi = std::max(yHi, y);
    };
    size_t dropped = 0;
    for (const FrontierCurve& c : curves) {
        ChartSpec::Series s;
        s.name = QStringLiteral("%1 sweep").arg(policyName(c.policy));
        s.color = policyColor(c.policy);
        s.dots = true;
        for (const RentalFrontierPoint& p : c.points) {
            // A budget the policy cannot keep to is not a point of its frontier at that budget.
            if (!p.withinBudget) {
                ++dropped;
                continue;
            }
            s.points.append(QPointF(p.budget, p.meanJctS / 3600));
            extend(p.budget, p.meanJctS / 3600);
        }
        spec.series.append(s);
    }
    // The current run's mark painted last, on top of any run at the same place.
    std::vector<const FrontierMark*> ordered;
    for (const FrontierMark& m : marks)
        if (!m.current)
            ordered.push_back(&m);
    for (const FrontierMark& m : marks)
        if (m.current)
            ordered.push_back(&m);
    for (const FrontierMark* mark : ordered) {
        const FrontierMark& m = *mark;
        ChartSpec::Series s;
        s.name = m.name;
        s.color = m.color;
        s.style = ChartSpec::SeriesStyle::Points;
        s.markScale = m.current ? kCurrentMarkScale : 1;
        const double jct = m.run->rentalSummary().meanJctS / 3600;
        s.points.append(QPointF(m.run->budget(), jct));
        extend(m.run->budget(), jct);
        spec.series.append(s);
    }
    if (dropped > 0)
        spec.subtitle += QStringLiteral(" · %1 sweep budget%2 a policy cannot keep to left out")
                             .arg(dropped)
                             .arg(dropped == 1 ? QString() : QStringLiteral("s"));
    if (std::isfinite(xLo)) {
        // Fixed ranges on nice ticks: the points' places are known to whoever paints them.
        const NiceTicks x = NiceTicks::compute(0, xHi, 7);
        // JCTs over more than a decade (a sweep from the floor, where jobs queue for days, to
        // budgets where they run wide): a log axis, else the fast end is a flat line at 0.
        spec.y.logarithmic = std::isfinite(yLo) && yHi > kLogJctSpan * yLo;
        const NiceTicks y = spec.y.logarithmic ? NiceTicks::logarithmicTicks(yLo, yHi, 6) : NiceTicks::compute(0, yHi, 6);
        spec.x.min = x.min;
        spec.x.max = x.max;
        spec.y.min = y.min;
        spec.y.max = y.max;
    }
    return spec;
}

QList<ChartSpec> FrontierChart::build(const ChartRuns& runs, const RunChartOptions& options,
                                      const ProgressCallback& progress)
{
    std::vector<FrontierMark> marks;
    std::shared_ptr<const TrainingRentalInputs> inputs;
    for (size_t i = 0; i < runs.size(); ++i) {
        const auto* rental = dynamic_cast<const TrainingRentalRun*>(runs[i]);
        if (!rental)
            throw ChartNeedsRunInputs(
                QStringLiteral("the cost-vs-JCT frontier runs the policy of \"%1\" at other budgets, which needs the "
                               "run's inputs: a run reopened from a study has only its results (run it again)")
                    .arg(QString::fromStdString(runs[i]->info().name)));
        if (!inputs)
            inputs = rental->inputsPointer();
        if (RentalFrontier::inputsKey(rental->inputsPointer()) != RentalFrontier::inputsKey(inputs))
            continue;  // another workload has another frontier
        marks.push_back({rental, i < size_t(options.runNames.size()) ? options.runNames[qsizetype(i)]
                                                                     : QString::fromStdString(rental->info().name),
                         i < size_t(options.runColors.size()) ? options.runColors[qsizetype(i)]
                                                              : ChartColors::categorical(int(i)),
                         i == 0});
    }
    if (marks.empty())
        return {};
    const std::vector<FrontierCurve> swept = curves(inputs, plan(inputs, marks), progress);
    return {spec(swept, marks, QString::fromStdString(inputs->traceName()))};
}

}  // namespace tessera::chart
