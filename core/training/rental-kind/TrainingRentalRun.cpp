#include "training/rental-kind/TrainingRentalRun.h"

#include "training/JctStatistics.h"
#include "training/rent/FixedWidthPolicy.h"
#include "training/rent/MarginalSaving.h"
#include "training/rent/GreedyPolicy.h"
#include "training/rent/PhasedRentalPolicy.h"
#include "training/rent/RentalPolicyRun.h"
#include "training/rent/RentalSimulation.h"
#include "training/rental-kind/RentalPolicyName.h"
#include "training/rental-kind/SpeedupCurve.h"
#include "training/rental-kind/TrainingRentalCursor.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <queue>
#include <set>
#include <stdexcept>

namespace tessera {

namespace {

constexpr int kMaxFixedWidth = FixedWidthPolicy::kMaxGpus;

std::unique_ptr<RentalPolicy> fixedWidthPolicy(const std::string& canonical)
{
    if (canonical == "greedy")
        return std::make_unique<GreedyPolicy>();
    return std::make_unique<FixedWidthPolicy>(std::stoi(canonical.substr(6)));
}

}  // namespace

std::optional<std::string> canonicalRentalPolicy(const std::string& spec)
{
    for (const char* name : {"boa", "autoscale", "hesrpt", "greedy"})
        if (spec == name)
            return spec;
    if (spec.rfind("fixed:", 0) != 0)
        return std::nullopt;
    const std::string digits = spec.substr(6);
    int gpus = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), gpus);
    if (digits.empty() || error != std::errc() || end != digits.data() + digits.size() || gpus < 1
        || gpus > kMaxFixedWidth)
        return std::nullopt;
    return fmt::format("fixed:{}", gpus);
}

bool isFixedWidthRentalPolicy(const std::string& canonical)
{
    return canonical == "boa" || canonical == "greedy" || canonical.rfind("fixed:", 0) == 0;
}

TrainingRentalRun::TrainingRentalRun(std::shared_ptr<const TrainingRentalInputs> inputs, uint64_t seed)
    : inputs_(std::move(inputs)), seed_(seed)
{
}

std::unique_ptr<TrainingRentalRun> TrainingRentalRun::simulate(std::shared_ptr<const TrainingRentalInputs> inputs,
                                                               std::string policy, double budget, uint64_t seed,
                                                               std::string name)
{
    const auto canonical = canonicalRentalPolicy(policy);
    if (!canonical)
        throw std::invalid_argument(fmt::format("\"{}\" is no rental policy", policy));
    checkBudget(budget);
    std::unique_ptr<TrainingRentalRun> run(new TrainingRentalRun(std::move(inputs), seed));
    run->phases_ = {{0, *canonical, budget}};
    const RentalWorkload& workload = run->inputs_->workload();
    if (*canonical == "boa") {
        BoaRun boa = runBoaWithinBudget(workload, budget, run->inputs_->boaRule());
        run->bounded_ = std::move(boa.run);
        run->solution_ = std::move(boa.solution);
        run->solverBudget_ = boa.solverBudget;
        run->spanHolder_ = boa.spanHolder;
    } else {
        run->bounded_ = runRentalPolicy(*canonical, workload, budget);
        if (isFixedWidthRentalPolicy(*canonical))
            run->capGpus_ = run->bounded_.bound;
    }
    run->finish(std::move(name));
    return run;
}

double TrainingRentalRun::timeAt(size_t position) const
{
    const RentalResult& r = bounded_.result;
    if (position == 0 || r.series.times.empty())
        return r.firstArrivalS;
    return r.series.times[std::min(position, r.series.times.size()) - 1];
}

std::optional<std::string> TrainingRentalRun::forkProblem(size_t position, const std::string& policy) const
{
    if (position > steps())
        return fmt::format("fork position {} is outside 0-{}", position, steps());
    const auto canonical = canonicalRentalPolicy(policy);
    if (!canonical)
        return fmt::format("\"{}\" is no rental policy: use boa, fixed:K, autoscale, hesrpt or greedy", policy);
    const TrainingRentalPhase& last = phases_.back();
    if (*canonical == last.policy)
        return std::nullopt;  // another budget, or the same run again
    if (!isFixedWidthRentalPolicy(last.policy) || !isFixedWidthRentalPolicy(*canonical))
        return fmt::format("{} re-divides its whole cluster at every event, so a fork cannot keep the jobs before it "
                           "as they were: forks switch between {}, {} and {}",
                           rentalPolicyName(isFixedWidthRentalPolicy(last.policy) ? *canonical : last.policy),
                           rentalPolicyName("boa"), rentalPolicyName("fixed:K"), rentalPolicyName("greedy"));
    if (capGpus_ > 0)
        return capProblem(*canonical);
    return std::nullopt;
}

std::string TrainingRentalRun::capProblem(const std::string& policy) const
{
    return fmt::format("this run was held to its budget by a FIFO cap of {} GPUs that later jobs queue behind, so its "
                       "jobs before the fork would not stay as they were: run {} at the new budget from the start",
                       capGpus_, rentalPolicyName(policy));
}

std::unique_ptr<TrainingRentalRun> TrainingRentalRun::forkWith(size_t position, const std::string& policy,
                                                               double budget) const
{
    if (auto problem = forkProblem(position, policy))
        throw std::invalid_argument(*problem);
    checkBudget(budget);
    const std::string canonical = *canonicalRentalPolicy(policy);
    const TrainingRentalPhase& last = phases_.back();
    std::unique_ptr<TrainingRentalRun> run(new TrainingRentalRun(inputs_, seed_));
    run->phases_ = phases_;
    if (canonical == last.policy && budget == last.budget) {
        // A phase change to what runs already changes nothing: the run itself.
        run->bounded_ = bounded_;
        run->capGpus_ = capGpus_;
        run->solution_ = solution_;
        run->solverBudget_ = solverBudget_;
        run->spanHolder_ = spanHolder_;
        run->finish(info_.name + " (fork)");
        return run;
    }
    if (!isFixedWidthRentalPolicy(canonical) || !isFixedWidthRentalPolicy(last.policy))
        throw std::invalid_argument(fmt::format(
            "{} re-divides its whole cluster at every event: it runs from the start, not from a fork",
            rentalPolicyName(isFixedWidthRentalPolicy(canonical) ? last.policy : canonical)));
    if (capGpus_ > 0)
        throw std::invalid_argument(capProblem(canonical));  // the same policy at another budget
    run->phases_.push_back({position, canonical, budget});

    const RentalWorkload& workload = inputs_->workload();
    const double forkS = position == 0 ? -std::numeric_limits<double>::infinity() : timeAt(position);
    std::vector<double> parentWidths;
    for (const RentalJobRecord& job : bounded_.result.jobs)
        parentWidths.push_back(job.gpus);
    const auto phased = [&](RentalPolicy& next, RentalOptions options = {}) {
        PhasedRentalPolicy policy(parentWidths, forkS, next);
        return RentalSimulation(workload, options).run(policy);
    };
    if (canonical == "boa") {
        BoaRun boa = runBoaWithinBudget(workload, budget, inputs_->boaRule(), WidthRealisation::TimeShare,
                                        [&](RentalPolicy& policy) { return phased(policy); });
        run->bounded_ = std::move(boa.run);
        run->solution_ = std::move(boa.solution);
        run->solverBudget_ = boa.solverBudget;
        run->spanHolder_ = boa.spanHolder;
    } else {
        auto next = fixedWidthPolicy(canonical);
        RentalResult uncapped = phased(*next);
        if (uncapped.averageRented <= budget) {
            uncapped.boundNote = "no cap needed";
            run->bounded_ = {std::move(uncapped), 0, true};
        } else {
            // A cap at or above the GPUs rented before the fork leaves those jobs as they were.
            double widest = 0, prefixPeak = 0, peak = 0;
            for (const RentalJobRecord& job : uncapped.jobs)
                widest = std::max(widest, job.gpus);
            const RentedSeries& s = uncapped.series;
            for (size_t i = 0; i < s.times.size(); ++i) {
                peak = std::max(peak, s.rented[i]);
                if (s.times[i] <= forkS)
                    prefixPeak = std::max(prefixPeak, s.rented[i]);
            }
            const int lowest = int(std::ceil(std::max(widest, prefixPeak)));
            const int highest = std::max(lowest, int(std::ceil(peak)));
            run->bounded_ = largestBoundWithinBudget(budget, lowest, highest, [&](int cap) {
                return phased(*next, RentalOptions{double(cap)});
            });
            run->bounded_.result.boundNote = fmt::format("FIFO cap {} GPUs from the fork on", run->bounded_.bound);
            run->capGpus_ = run->bounded_.bound;
        }
    }
    run->finish(fmt::format("{} → {} at {:.2f} h, {:g} GPUs", info_.name, canonical, forkS > 0 ? forkS / 3600 : 0.0,
                            budget));
    return run;
}

std::unique_ptr<Run> TrainingRentalRun::fork(size_t position, const std::string& policy, const ProgressCallback&) const
{
    return forkWith(position, policy, budget());
}

void TrainingRentalRun::finish(std::string name)
{
    const TrainingRentalPhase& last = phases_.back();
    summary_ = summariseRental(bounded_.result, last.budget);
    info_.kind = kKind;
    info_.name = name.empty() ? fmt::format("{} · {} · {:g} GPUs", inputs_->traceName(), last.policy, last.budget)
                              : std::move(name);
    info_.policy = last.policy;
    info_.seed = seed_;
    info_.mode = "rent";
    info_.parameters = {{"budget", fmt::format("{:g} GPUs", last.budget)},
                        {"jobs", std::to_string(inputs_->workload().jobs.size())},
                        {"job types", std::to_string(inputs_->workload().types.size())},
                        {"held to the budget", bounded_.result.boundNote}};
    for (size_t i = 1; i < phases_.size(); ++i)
        info_.parameters.emplace_back(fmt::format("fork {}", i),
                                      fmt::format("{} at {:g} GPUs from step {}", phases_[i].policy,
                                                  phases_[i].budget, phases_[i].fromPosition));
    buildSeries();
    buildLayout();
    buildIntervals();
}

double TrainingRentalRun::heldAt(size_t position, size_t type) const
{
    const RentedSeries& s = bounded_.result.series;
    if (position == 0 || s.times.empty())
        return 0;
    return s.heldBy(std::min(position, s.times.size()) - 1, type);
}

void TrainingRentalRun::buildSeries()
{
    const RentalResult& r = bounded_.result;
    const RentedSeries& s = r.series;
    const size_t rows = s.times.size() + 1;
    const auto metric = [](std::string key, std::string label, std::string unit, bool count, bool headline,
                           bool higherIsBetter) {
        return MetricInfo{std::move(key), std::move(label), std::move(unit), count, Interpolation::Step,
                          headline, higherIsBetter};
    };
    std::vector<double> time(rows), rented(rows, 0), average(rows, 0), running(rows, 0), queued(rows, 0),
        completed(rows, 0);
    std::vector<double> arrivals, starts, ends;
    for (const RentalJobRecord& job : r.jobs) {
        arrivals.push_back(job.arrivalS);
        starts.push_back(job.startS);
        ends.push_back(job.endS);
    }
    std::sort(arrivals.begin(), arrivals.end());
    std::sort(starts.begin(), starts.end());
    std::sort(ends.begin(), ends.end());
    const auto upTo = [](const std::vector<double>& v, double t) {
        return double(std::upper_bound(v.begin(), v.end(), t) - v.begin());
    };
    time[0] = r.firstArrivalS / 3600;
    double gpuSeconds = 0;
    for (size_t p = 1; p < rows; ++p) {
        const double t = s.times[p - 1];
        time[p] = t / 3600;
        rented[p] = s.rented[p - 1];
        if (p > 1)
            gpuSeconds += s.rented[p - 2] * (t - s.times[p - 2]);
        average[p] = t > r.firstArrivalS ? gpuSeconds / (t - r.firstArrivalS) : 0;
        running[p] = upTo(starts, t) - upTo(ends, t);
        queued[p] = upTo(arrivals, t) - upTo(starts, t);
        completed[p] = upTo(ends, t);
    }
    series_ = MetricSeries();
    series_.add(metric("time_h", "Time", "h", false, false, true), std::move(time));
    series_.add(metric("gpus_rented", "GPUs rented", "GPUs", false, true, false), std::move(rented));
    const std::vector<JobType>& types = inputs_->workload().types;
    for (size_t t = 0; t < types.size(); ++t) {
        std::vector<double> held(rows, 0);
        for (size_t p = 1; p < rows; ++p)
            held[p] = s.heldBy(p - 1, t);
        MetricInfo info = metric("gpus_" + types[t].name, "GPUs held by " + types[t].name, "GPUs", false, false, false);
        info.family = kGpusByTypeFamily;
        info.member = types[t].name;
        series_.add(std::move(info), std::move(held));
    }
    // The budget of the phase in force at each row: a fork's rows up to its position are its
    // parent's, under the parent's budget (one value for the whole run drew the fork's budget
    // before the fork, and made the runs "diverge" at the start).
    std::vector<double> budget(rows, phases_.front().budget);
    for (size_t i = 1; i < phases_.size(); ++i)
        for (size_t p = phases_[i].fromPosition + 1; p < rows; ++p)
            budget[p] = phases_[i].budget;
    series_.add(metric("budget_gpus", "Budget in force", "GPUs", false, false, true), std::move(budget));
    // GPU-hours so far over the time so far: between events a curve, not the last event's value
    // held (which read 67 GPUs where the average had fallen to 27).
    MetricInfo averageInfo = metric("average_rented_gpus", "Average GPUs rented so far", "GPUs", false, true, false);
    averageInfo.interpolation = Interpolation::TimeAverage;
    series_.add(std::move(averageInfo), std::move(average));
    series_.add(metric("jobs_running", "Jobs running", "jobs", true, false, true), std::move(running));
    series_.add(metric("jobs_queued", "Jobs queued", "jobs", true, false, false), std::move(queued));
    series_.add(metric("jobs_completed", "Jobs completed", "jobs", true, true, true), std::move(completed));
}

void TrainingRentalRun::buildLayout()
{
    layout_ = OccupancyLayout();
    layout_.categories = {"job type"};
    layout_.unitName = "GPU";
    layout_.layers = {OccupancyLayer{"Share of each GPU held", OccupancyLayer::Kind::Share, {}}};
    const RentedSeries& s = bounded_.result.series;
    const std::vector<JobType>& types = inputs_->workload().types;
    uint32_t first = 0;
    for (size_t t = 0; t < types.size(); ++t) {
        double peak = 0;
        for (size_t i = 0; i < s.times.size(); ++i)
            peak = std::max(peak, s.heldBy(i, t));
        const uint32_t cells = uint32_t(std::max(1.0, std::ceil(peak - 1e-9)));
        layout_.groups.push_back({types[t].name, 0, first, cells});
        first += cells;
    }
    layout_.cellCount = first;
}

void TrainingRentalRun::buildIntervals()
{
    intervals_ = RunIntervals();
    const std::vector<JobType>& types = inputs_->workload().types;
    for (const JobType& type : types)
        intervals_.categories.push_back(type.name);
    const std::vector<RentalJobRecord>& jobs = bounded_.result.jobs;
    std::vector<size_t> order(jobs.size());
    for (size_t j = 0; j < order.size(); ++j)
        order[j] = j;
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return jobs[a].startS < jobs[b].startS; });
    // First fit: a job takes the lowest slot whose last job has ended by its start, so a slot
    // reads left to right as the jobs that followed each other on it. O(n log n): the slots in
    // use in a heap by their end, the free ones in a set.
    using Busy = std::pair<double, size_t>;  // (end, slot)
    std::priority_queue<Busy, std::vector<Busy>, std::greater<>> busy;
    std::set<size_t> freeSlots;
    for (size_t j : order) {
        const RentalJobRecord& job = jobs[j];
        while (!busy.empty() && busy.top().first <= job.startS) {
            freeSlots.insert(busy.top().second);
            busy.pop();
        }
        size_t slot = intervals_.lanes.size();
        if (freeSlots.empty()) {
            intervals_.lanes.push_back(fmt::format("lane {}", slot + 1));  // as the Gantt's title counts them
        } else {
            slot = *freeSlots.begin();
            freeSlots.erase(freeSlots.begin());
        }
        busy.push({job.endS, slot});
        // A job of a fixed-width policy keeps its width; one of a resharing policy (hesrpt,
        // autoscale) changes it, and its mean over its run says what it held.
        const double running = job.endS - job.startS;
        const double mean = running > 0 ? job.gpuHours * 3600 / running : job.gpus;
        const auto gpus = [](double n) { return fmt::format("{:.3g} GPU{}", n, n == 1 ? "" : "s"); };
        std::string label = std::abs(mean - job.gpus) <= 1e-6 * std::max(1.0, job.gpus)
                                ? fmt::format("job {} · {}", job.id, gpus(job.gpus))
                                : fmt::format("job {} · {} on average", job.id, gpus(mean));
        if (job.startS > job.arrivalS)
            label += fmt::format(" · waited {:.2f} h", (job.startS - job.arrivalS) / 3600);
        intervals_.intervals.push_back(
            {uint32_t(slot), job.startS / 3600, job.endS / 3600, std::move(label), int32_t(job.type), -1});
    }
}

std::unique_ptr<RunCursor> TrainingRentalRun::cursor() const { return std::make_unique<TrainingRentalCursor>(*this); }

std::string TrainingRentalRun::describeStep(size_t step) const
{
    const RentalResult& r = bounded_.result;
    const double t = r.series.times.at(step);
    size_t arrived = 0, completed = 0;
    for (const RentalJobRecord& job : r.jobs) {
        arrived += job.arrivalS == t;
        completed += job.endS == t;
    }
    return fmt::format("{:.3f} h: {} arrived, {} completed; {:.2f} GPUs rented", t / 3600, arrived, completed,
                       r.series.rented.at(step));
}

namespace {

// What mu is and how the saving columns compare with it (training-boa-pal.md A3; MarginalSaving).
constexpr const char* kMuRule =
    "the widths minimise E[T] + mu x GPU-hours per job, so mu is in JCT hours per GPU-hour, as the saving columns "
    "are: on a smooth speedup a type's JCT saved per extra GPU-hour equals mu both ways; at a breakpoint of a "
    "measured speedup one step wider saves at most mu and one step narrower loses at least mu; a type split "
    "between two widths (critical mix) trades GPU-hours for JCT at mu exactly";

std::string oneMultiplierWhy()
{
    return fmt::format("BOA gives every job of a type the same width (A2); {}", kMuRule);
}

// The "Why" of a span-fitted run that held one type to a bound: mu no longer sets that type's width.
std::string heldWhy(const std::string& held, double maxWidth)
{
    return fmt::format(
        "BOA gives every job of a type the same width (A2). {0} is held to at most {1:g} GPUs (A3's k_max): its "
        "last job ends last, so its width sets the span over which the budget is averaged, and a wider {0} would "
        "shorten the span and the GPU-hours the budget buys (docs/boa-choices.md, \"The span holder\"), so "
        "the bound, not mu, sets its width and its savings need not bracket mu. For the other types {2}",
        held, maxWidth, kMuRule);
}

// A GPU count as the inspector's sentences give it: three significant digits, never an exponent.
std::string gpus(double n)
{
    return std::abs(n) >= 100 ? fmt::format("{:.0f}", n) : fmt::format("{:.3g}", n);
}

// The outcome's first clause: the budget the solver was given, and why it is not b when it is not.
std::string solverBudgetClause(double solverBudget, double budget, BoaBudgetRule rule)
{
    if (rule == BoaBudgetRule::Analytical || std::abs(solverBudget - budget) <= 1e-9 * budget)
        return fmt::format("widths solved for the budget, {} GPUs", gpus(budget));
    return fmt::format(
        "widths solved for {} GPUs, not the budget of {}: on a finite trace the solver's loads are averaged over the "
        "arrivals but the budget over first arrival to last completion, so BOA gives the solver the budget whose "
        "simulated run averages at most {} GPUs (the span-fitted rule, docs/boa-choices.md, \"Holding BOA to the "
        "budget\")",
        gpus(solverBudget), gpus(budget), gpus(budget));
}

const char* widthCaseWords(WidthCase c)
{
    switch (c) {
    case WidthCase::CriticalMix:
        return "; a critical mix: one type's jobs split between two widths to meet it exactly";
    case WidthCase::NotBinding:
        return "; it does not bind: every type at its full-speed width, mu = 0";
    default:
        return "";
    }
}

}  // namespace

bool TrainingRentalRun::heldAtBound() const
{
    if (!spanHolder_ || !solution_ || !solution_->feasible())
        return false;
    const TypeWidth& w = solution_->types.at(spanHolder_->type).width;
    return (w.isSingle() ? w.mean() : w.high) >= spanHolder_->maxWidth - 1e-9;
}

ExplanationTable TrainingRentalRun::explain(size_t step) const
{
    const RentalResult& r = bounded_.result;
    const double t = r.series.times.at(step);
    const std::vector<JobType>& types = inputs_->workload().types;
    const bool solved = solution_ && solution_->feasible();
    ExplanationTable table;
    table.candidateColumn = "job type";
    table.columns = {"load (GPUs)",       "width (GPUs)",   "speedup at width (×)", "E[T] at width (h)",
                     kSavedWiderColumn,   kLostNarrowerColumn, kMuColumn};
    const std::string none = "– where none applies: ";
    table.columnHelp = {
        "The job type: its jobs share a speedup model and get one width (A2)",
        "rho: arrival rate × mean size, the GPUs the type keeps busy at width 1",
        solved ? "The width BOA gives every job of the type: one width, or a critical mix (two widths, the share of "
                 "jobs at each); \"held ≤ k: span\": the span-fitted rule holds the type to at most k GPUs"
               : "The mean width of the type's jobs that arrived by now",
        "s(k): how many times faster than on one GPU a job runs at the width (per width of a mix)",
        "The expected JCT of the type's jobs at the width, from their mean size and the speedup",
        "Hours of the job's JCT saved per extra GPU-hour it rents, widening from the width: s' / (s - k s') with the "
        "slope to the right; a mix: its chord. BOA's optimum has it at most mu. \"∞ (linear)\": the speedup is "
        "linear there, so the step rents no more GPU-hours. " + none + "at k_max (no wider width)",
        "Hours of the job's JCT lost per GPU-hour saved, narrowing from the width (the slope to the left); a mix: "
        "its chord. BOA's optimum has it at least mu. \"∞ (linear)\": the speedup is linear there, so the step "
        "saves no GPU-hours. " + none + "at 1 GPU (no narrower width)",
        "BOA's multiplier of the budget: the JCT hours one GPU-hour is worth at these widths (0: the budget does not "
        "bind). " + none + "a policy other than BOA"};
    table.subject = fmt::format("{} at {:.3f} h: {:.2f} GPUs rented (budget {:g})", phases_.back().policy, t / 3600,
                                r.series.rented.at(step), phases_.back().budget);
    const double mu = solved ? solution_->multiplier : std::nan("");
    for (size_t i = 0; i < types.size(); ++i) {
        const JobType& type = types[i];
        const TypeWidth width = solved ? solution_->types[i].width : TypeWidth{1, 1, 1};
        const double mean = solved ? width.mean() : std::max(1.0, meanJobWidth(r.jobs, i, t));
        const TypeWidth shown = solved ? width : TypeWidth{mean, mean, 1};
        const double s = (*type.speedup)(mean);
        const MarginalSaving saving = marginalSaving(*type.speedup, shown, type.maxWidth);
        ExplanationTable::Row row{type.name,
                                  {type.load(), mean, s, type.meanSize / s / 3600, saving.wider, saving.narrower, mu}};
        if (solved) {
            row.values[3] = solution_->types[i].meanResponse / 3600;
            if (!width.isSingle()) {
                // A two-point mix: its widths and shares, and the speed at each, over their means
                // (numbers with a note: aligned and sorted as the numbers).
                row.values[2] = width.lowShare * (*type.speedup)(width.low)
                                + (1 - width.lowShare) * (*type.speedup)(width.high);
                row.texts = {"",
                             fmt::format("{:g} × {:.0f}%, {:g} × {:.0f}%", width.low, 100 * width.lowShare, width.high,
                                         100 * (1 - width.lowShare)),
                             fmt::format("{:.3f}, {:.3f}", (*type.speedup)(width.low), (*type.speedup)(width.high))};
            }
        }
        for (size_t c : {4, 5})
            if (std::isinf(row.values[c])) {
                // A step along an exactly linear piece of the speedup costs no GPU-hours.
                row.texts.resize(row.values.size());
                row.texts[c] = "∞ (linear)";
            }
        if (spanHolder_ && i == spanHolder_->type && heldAtBound()) {
            // The span-fitted rule's bound (docs/boa-choices.md, "The span holder"): the bound, not
            // mu, sets this type's width; the Why says why it holds the span.
            row.texts.resize(row.values.size());
            const std::string w = !row.texts[1].empty() ? row.texts[1] : fmt::format("{:g}", row.values[1]);
            row.texts[1] = fmt::format("{} (held ≤ {:g}: span)", w, spanHolder_->maxWidth);
        }
        table.rows.push_back(std::move(row));
    }
    if (solution_) {
        table.outcome = solution_->feasible()
                            ? fmt::format("{}{}. Solver's E[T] {:.3f} h; best integer widths {:+.2f}% slower",
                                          solverBudgetClause(solverBudget_, budget(), inputs_->boaRule()),
                                          widthCaseWords(solution_->widthCase), solution_->meanResponse / 3600,
                                          100 * solution_->integerGap())
                            : solution_->message;
        if (!spanHolder_)
            table.why = oneMultiplierWhy();
        else if (heldAtBound())
            table.why = heldWhy(types[spanHolder_->type].name, spanHolder_->maxWidth);
        else
            table.why = fmt::format("{}. {}'s widths are bounded by {:g} GPUs to hold the span (docs/boa-choices.md, "
                                    "\"The span holder\"), a bound its width at mu does not reach",
                                    oneMultiplierWhy(), types[spanHolder_->type].name, spanHolder_->maxWidth);
    } else {
        table.outcome = r.boundNote;
        table.why = "the mean width this policy gave the type's jobs so far; it has no multiplier (mu is BOA's)";
    }
    return table;
}

std::vector<RunSummaryValue> TrainingRentalRun::summary() const
{
    const RentalSummary& s = summary_;
    // What the kind is judged by first (issue 14: JCT, then what it cost against the budget);
    // compare and the report keep this order (TrainingRentalKind::summaryFirst).
    std::vector<RunSummaryValue> out{
        {"mean_jct_h", "Mean JCT", "h", false, false, s.meanJctS / 3600},
        {"geomean_jct_h", "Geometric-mean JCT", "h", false, false, s.geomeanJctS / 3600},
        {"p99_jct_h", "p99 JCT", "h", false, false, s.p99JctS / 3600},
        {"cost_gpu_h", "GPU-hours rented", "GPU-h", false, false, s.rentedGpuHours},
        {"average_rented_gpus", "Average GPUs rented", "GPUs", false, false, s.averageRented},
        {"budget_gpus", "Budget", "GPUs", true, false, s.budget},
        {"budget_use_pct", "Budget used", "%", false, false, 100 * s.budgetUse},
        {"utilisation_pct", "Utilisation (speedup per GPU rented)", "%", true, false, 100 * s.utilisation},
        {"makespan_h", "Makespan", "h", false, false, s.makespanS / 3600},
    };
    if (solution_ && solution_->feasible()) {
        out.push_back({"solver_budget_gpus", "Budget given to the width solver", "GPUs", true, false, solverBudget_});
        out.push_back({"integer_gap_pct", "Best integer widths' E[T] above fractional", "%", false, false,
                       100 * solution_->integerGap()});
    }
    return out;
}

std::vector<Distribution> TrainingRentalRun::distributions() const
{
    return {jctDistribution(bounded_.result.jobs)};
}

std::vector<double> TrainingRentalRun::afterEnd() const
{
    if (series_.rows() == 0)
        return {};
    std::vector<double> row;
    for (size_t c = 0; c < series_.columns(); ++c)
        row.push_back(series_.column(c).back());
    for (size_t c : series_.family(kGpusByTypeFamily))
        row[c] = 0;
    const auto set = [&](const char* key, double value) { row[*series_.find(key)] = value; };
    set("gpus_rented", 0);
    set("jobs_running", 0);
    set("jobs_queued", 0);
    set("jobs_completed", double(bounded_.result.jobs.size()));
    return row;
}

RunWords TrainingRentalRun::kindWords()
{
    return {.step = "event",
            .steps = "events",
            .candidate = "job type",
            .candidates = "job types",
            .feasible = "job types",
            .occupancy = "GPUs rented",
            .groupHeatmap = "GPUs held per job type",
            .group = "job type",
            .groups = "job types",
            .groupBands = "job types",
            .cell = "GPU slot",  // a job type's cells: its peak GPUs, rented or not at a moment
            .cells = "GPU slots",
            .inUse = "rented",
            .occupant = "job",
            .occupants = "jobs",
            .inspector = "Width inspector"};
}

}  // namespace tessera
