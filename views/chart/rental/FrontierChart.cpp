#include "chart/rental/FrontierChart.h"

#include "chart/ChartColors.h"
#include "chart/ChartError.h"
#include "chart/NiceTicks.h"
#include "run/RunKindRegistry.h"
#include "training/rental-kind/RentalPolicyName.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tessera::chart {

namespace {

// The current run's mark, against the others'.
constexpr double kCurrentMarkScale = 1.7;

}  // namespace

FrontierSweepPlan FrontierChart::plan(const std::shared_ptr<const TrainingRentalInputs>& inputs,
                                      const std::vector<FrontierMark>& marks, const std::vector<std::string>& more)
{
    RentalFrontier::floorBudget(inputs);  // into the cache
    return *cachedPlan(inputs, marks, more);
}

RentalFrontierPoint FrontierChart::pointOf(const TrainingRentalRun& run)
{
    const RentalSummary& s = run.rentalSummary();
    return {run.budget(), s.averageRented, s.meanJctS, s.rentedGpuHours, s.withinBudget};
}

ChartSpec::MarkShape FrontierChart::markShape(size_t index)
{
    static constexpr ChartSpec::MarkShape shapes[] = {ChartSpec::MarkShape::Circle, ChartSpec::MarkShape::Square,
                                                      ChartSpec::MarkShape::Diamond, ChartSpec::MarkShape::TriangleUp,
                                                      ChartSpec::MarkShape::TriangleDown};
    return shapes[index % std::size(shapes)];
}

std::optional<FrontierSweepPlan> FrontierChart::cachedPlan(const std::shared_ptr<const TrainingRentalInputs>& inputs,
                                                           const std::vector<FrontierMark>& marks,
                                                           const std::vector<std::string>& more)
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
        if (m.run->phases().size() == 1)
            RentalFrontier::remember({key, m.run->info().policy, m.run->budget(), m.run->info().seed}, pointOf(*m.run));
        if (std::find(plan.policies.begin(), plan.policies.end(), m.run->info().policy) == plan.policies.end())
            plan.policies.push_back(m.run->info().policy);
    }
    for (const std::string& policy : more)
        if (std::find(plan.policies.begin(), plan.policies.end(), policy) == plan.policies.end())
            plan.policies.push_back(policy);
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
    return QString::fromStdString(rentalPolicyName(policy));
}

ChartSpec FrontierChart::spec(const std::vector<FrontierCurve>& curves, const std::vector<FrontierMark>& marks,
                              const QString& subtitle, std::optional<bool> logJct)
{
    ChartSpec spec;
    spec.title = QStringLiteral("Cost vs JCT: each policy's mean JCT against the GPUs it rented, and the runs");
    spec.subtitle = subtitle;
    // What was spent, not what was asked: at a budget it cannot use (BOA's flat steps, a
    // policy held below its budget) a run rents less, and the frontier is of cost.
    spec.x = {QStringLiteral("GPUs rented (time average)"), QStringLiteral("GPUs")};
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
            s.points.append(QPointF(pointX(p), p.meanJctS / 3600));
            extend(pointX(p), p.meanJctS / 3600);
        }
        // In budget order the spent averages may step back a hair (the fit's rounding): a line
        // is drawn left to right.
        std::stable_sort(s.points.begin(), s.points.end(),
                         [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
        spec.series.append(s);
    }
    // The current run's mark painted last, on top of any run at the same place; each keeps the
    // shape of its place in `marks`.
    std::vector<size_t> ordered;
    for (size_t i = 0; i < marks.size(); ++i)
        if (!marks[i].current)
            ordered.push_back(i);
    for (size_t i = 0; i < marks.size(); ++i)
        if (marks[i].current)
            ordered.push_back(i);
    for (const size_t i : ordered) {
        const FrontierMark& m = marks[i];
        const bool fork = m.run->phases().size() > 1;
        ChartSpec::Series s;
        s.name = fork ? QStringLiteral("%1 (fork, %2 after it)").arg(m.name, policyName(m.run->info().policy)) : m.name;
        s.color = policyColor(m.run->info().policy);
        s.style = ChartSpec::SeriesStyle::Points;
        s.shape = markShape(i);
        s.dashed = fork;
        s.markScale = m.current ? kCurrentMarkScale : 1;
        const RentalFrontierPoint p = pointOf(*m.run);
        s.points.append(QPointF(pointX(p), p.meanJctS / 3600));
        extend(pointX(p), p.meanJctS / 3600);
        spec.series.append(s);
    }
    if (dropped > 0)
        spec.subtitle += QStringLiteral(" · %1 sweep budget%2 a policy cannot keep to left out")
                             .arg(dropped)
                             .arg(dropped == 1 ? QString() : QStringLiteral("s"));
    if (std::isfinite(xLo)) {
        // Fixed ranges on nice ticks: the points' places are known to whoever paints them.
        // A little room right of the widest point, so that its mark is not cut by the plot's edge.
        const NiceTicks x = NiceTicks::compute(0, xHi * 1.02, 7);
        // JCTs over more than a decade (a sweep from the floor, where jobs queue for days, to
        // budgets where they run wide): a log axis by default, else the fast end is a flat line
        // at 0. The user may choose either.
        spec.y.logarithmic = std::isfinite(yLo) && logJct.value_or(yHi > kLogJctSpan * yLo);
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
                         i == 0});
    }
    if (marks.empty())
        return {};
    const std::vector<FrontierCurve> swept = curves(inputs, plan(inputs, marks, options.morePolicies), progress);
    return {spec(swept, marks, QString::fromStdString(inputs->traceName()), options.logarithmicY)};
}

}  // namespace tessera::chart
