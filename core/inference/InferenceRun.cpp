#include "inference/InferenceRun.h"

#include "inference/InferenceClasses.h"
#include "inference/InferenceCursor.h"
#include "inference/InferencePolicy.h"
#include "mig/MigGpuType.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace tessera {

std::unique_ptr<InferenceRun> InferenceRun::simulate(std::shared_ptr<const InferenceWorld> world,
                                                     InferenceScenario scenario, std::vector<PolicyPhase> phases,
                                                     InferenceOptions options, std::string name,
                                                     const ProgressCallback& progress)
{
    options.durationS = scenario.durationS;
    InferenceResult result = runInference(world->inputs(scenario), phases, options, progress);
    return std::unique_ptr<InferenceRun>(new InferenceRun(std::move(world), std::move(scenario), std::move(phases),
                                                          std::move(options), std::move(result), std::move(name)));
}

InferenceRun::InferenceRun(std::shared_ptr<const InferenceWorld> world, InferenceScenario scenario,
                           std::vector<PolicyPhase> phases, InferenceOptions options, InferenceResult result,
                           std::string name)
    : world_(std::move(world)),
      scenario_(std::move(scenario)),
      phases_(std::move(phases)),
      options_(std::move(options)),
      result_(std::move(result)),
      gpu_(MigGpuType::find(options_.gpuType))
{
    if (!gpu_)
        throw std::invalid_argument(fmt::format("unknown GPU type \"{}\"", options_.gpuType));
    buildInfo(std::move(name));
    buildSeries();
    buildLayout();
}

std::string InferenceRun::defaultName(const InferencePolicy& policy, const InferenceOptions& options)
{
    return fmt::format("{} · seed {}", policy.label(), options.seed);
}

void InferenceRun::buildInfo(std::string name)
{
    info_.kind = kKind;
    info_.policy = result_.policy;
    info_.seed = options_.seed;
    info_.mode = scenario_.name;
    info_.name = name.empty() ? defaultName(*phases_.back().policy, options_) : std::move(name);
    info_.parameters = {{"policy", phases_.back().policy->description()},
                        {"scenario", scenario_.name},
                        {"GPU", gpu_->name()},
                        {"duration (s)", fmt::format("{:g}", options_.durationS)},
                        {"step (s)", fmt::format("{:g}", options_.stepS)},
                        {"predictor", result_.predictor},
                        {"buckets", fmt::format("{}", options_.buckets)},
                        {"reconfiguration delay (s)", fmt::format("{:g}", options_.reconfigDelayS)}};
    if (options_.sizeSigma >= 0)
        info_.parameters.emplace_back("size sigma", fmt::format("{:g}", options_.sizeSigma));
    // Every phase after the first, with its load and SLO scales where any phase has one.
    bool loadScaled = false, sloScaled = false;
    for (const PolicyPhase& phase : phases_) {
        loadScaled |= phase.loadScale != 1.0;
        sloScaled |= phase.sloScale != 1.0;
    }
    for (size_t i = 1; i < phases_.size(); ++i) {
        const PolicyPhase& phase = phases_[i];
        std::string what = phase.policy->spec();
        if (loadScaled)
            what += fmt::format(", load x{:g}", phase.loadScale);
        if (!phase.sloSource.empty())
            what += ", SLOs of " + phase.sloSource;
        if (sloScaled)
            what += fmt::format(", SLO x{:g}", phase.sloScale);
        info_.parameters.emplace_back(fmt::format("from {:g} s", phase.fromS), what);
    }
}

double InferenceRun::timeAt(size_t position) const
{
    return position == 0 ? 0.0 : result_.rows[std::min(position, result_.rows.size()) - 1].timeS;
}

const PlanEpoch& InferenceRun::epochAt(size_t position) const
{
    // Position p shows the interval that ends at timeAt(p): the plan in force during its last
    // moment, as the time series does. Position 0 shows the first plan.
    const double t = timeAt(position);
    const PlanEpoch* current = &result_.epochs.front();
    for (const PlanEpoch& epoch : result_.epochs)
        if (epoch.fromS < t)
            current = &epoch;
    return *current;
}

void InferenceRun::buildSeries()
{
    const size_t rows = result_.rows.size() + 1;
    auto column = [&](auto value) {
        std::vector<double> values(rows);
        for (size_t p = 0; p < rows; ++p)
            values[p] = value(p);
        return values;
    };
    // Position 0 is the first plan before any request: no latency, full attainment.
    auto row = [&](size_t p) -> const InferenceStepRow* { return p == 0 ? nullptr : &result_.rows[p - 1]; };
    auto planOf = [&](size_t p) {
        uint32_t slices = 0, gpus = 0;
        std::vector<bool> seen;
        const PlanEpoch& epoch = epochAt(p);
        for (const PlannedInstance& i : epoch.instances) {
            slices += static_cast<uint32_t>(gpu_->profiles()[i.profile].computeSlices);
            if (seen.size() <= i.gpu)
                seen.resize(i.gpu + 1, false);
            gpus += seen[i.gpu] ? 0 : 1;
            seen[i.gpu] = true;
        }
        return std::tuple{gpus, static_cast<uint32_t>(epoch.instances.size()), slices};
    };
    // Every metric holds for its step: a plan until the next, an interval's requests. A row
    // describes the interval that ends at its time (contracts.md 8.3), and the app's charts
    // draw it over that interval (views/chart/IntervalRows).
    auto metric = [](std::string key, std::string label, std::string unit, bool count, bool headline,
                     bool higherIsBetter, std::string family = {}, std::string member = {}) {
        return MetricInfo{std::move(key), std::move(label), std::move(unit), count, Interpolation::Step,
                          headline, higherIsBetter, std::move(family), std::move(member)};
    };
    series_.add(metric("time_s", "Time", "s", false, false, true), column([&](size_t p) { return timeAt(p); }));
    series_.add(metric("gpus_used", "GPUs used", "GPUs", true, true, false),
                column([&](size_t p) { return double(std::get<0>(planOf(p))); }));
    series_.add(metric("instances", "GPU instances", "instances", true, false, false),
                column([&](size_t p) { return double(std::get<1>(planOf(p))); }));
    series_.add(metric("compute_slices", "Compute slices allocated", "slices", true, false, false),
                column([&](size_t p) { return double(std::get<2>(planOf(p))); }));
    series_.add(metric("slice_util_pct", "Slice utilisation", "%", false, false, true), column([&](size_t p) {
                    const auto [gpus, instances, slices] = planOf(p);
                    return gpus ? 100.0 * slices / (gpu_->computeSlices() * gpus) : 0.0;
                }));
    series_.add(metric("slo_attainment_pct", "SLO attainment", "%", false, true, true),
                column([&](size_t p) { return row(p) ? row(p)->sloAttainmentPct : 100.0; }));
    series_.add(metric("p50_ms", "p50 latency", "ms", false, false, false),
                column([&](size_t p) { return row(p) ? row(p)->p50Ms : 0.0; }));
    series_.add(metric("p99_ms", "p99 latency", "ms", false, true, false),
                column([&](size_t p) { return row(p) ? row(p)->p99Ms : 0.0; }));
    series_.add(metric("throughput_rps", "Throughput", "req/s", false, false, true),
                column([&](size_t p) { return row(p) ? row(p)->throughputRps : 0.0; }));
    series_.add(metric("pending_requests", "Pending requests", "requests", true, false, false),
                column([&](size_t p) { return row(p) ? double(row(p)->pendingRequests) : 0.0; }));
    series_.add(metric("reconfigs", "GPU reconfigurations", "GPUs", true, false, false),
                column([&](size_t p) { return row(p) ? double(row(p)->reconfigs) : 0.0; }));
    for (size_t s = 0; s < result_.services.size(); ++s) {
        const std::string& model = result_.services[s];
        series_.add(metric("p99_ms:" + model, "p99 latency " + model, "ms", false, false, false, kP99ByModelFamily,
                           model),
                    column([&](size_t p) {
                        return row(p) && s < row(p)->p99MsPerService.size() ? row(p)->p99MsPerService[s] : 0.0;
                    }));
        series_.add(metric("slo_attainment_pct:" + model, "SLO attainment " + model, "%", false, false, true,
                           kSloByModelFamily, model),
                    column([&](size_t p) {
                        return row(p) && s < row(p)->attainmentPctPerService.size()
                            ? row(p)->attainmentPctPerService[s]
                            : 100.0;
                    }));
    }
}

void InferenceRun::buildLayout()
{
    uint32_t gpus = 0;
    for (const PlanEpoch& epoch : result_.epochs)
        for (const PlannedInstance& i : epoch.instances)
            gpus = std::max(gpus, i.gpu + 1);
    const uint32_t slices = static_cast<uint32_t>(gpu_->computeSlices());
    // Cells are compute slices; the slice view draws every GPU's instances as spans on a row of
    // compute slices above a row of memory slices, coloured by profile or by the model served.
    OccupancyLayer profiles{"Profile", OccupancyLayer::Kind::Category, {}};
    for (const MigProfile& profile : gpu_->profiles()) {
        profileCategories_.push_back(profile.mediaExtensions ? -1 : int(profiles.categories.size()));
        if (!profile.mediaExtensions)
            profiles.categories.push_back(profile.name);
    }
    OccupancyLayer models{"Model served", OccupancyLayer::Kind::Category, result_.services};
    layout_.layers.push_back(std::move(profiles));
    layout_.layers.push_back(std::move(models));
    layout_.spanRows = {{"compute", slices}, {"memory", static_cast<uint32_t>(gpu_->memorySlices())}};
    layout_.unitName = "GPU";
    layout_.categories = {gpu_->name()};
    for (uint32_t g = 0; g < gpus; ++g)
        layout_.groups.push_back({fmt::format("GPU {}", g), 0, g * slices, slices});
    layout_.cellCount = gpus * slices;
}

std::vector<RunSummaryValue> InferenceRun::summary() const
{
    // No whole-run reconfiguration count: the "reconfigs" series is cumulative, so its last
    // step is that figure already (one row in compare and the report, not two).
    return {{"peak_gpus", "GPUs used at the most", "GPUs", false, true, double(result_.peakGpus)},
            {"peak_slices_over_7", "Σg/7 at the most", "GPUs", false, false, result_.peakSlicesOverSeven},
            {"peak_instances", "GPU instances at the most", "instances", false, true, double(result_.peakInstances)},
            {"slo_attainment_pct", "SLO attainment, all requests", "%", true, false, result_.sloAttainmentPct},
            {"p99_ms", "p99 latency, all requests", "ms", false, false, result_.p99Ms},
            {"reconfiguration_delay_s", "Reconfiguration delay", "s", false, false, result_.reconfigurationDelayS},
            {"profiled_points", "Profiled points used", "points", false, true, double(result_.profilingCost)}};
}

std::vector<Distribution> InferenceRun::distributions() const
{
    // The per-interval p99 latencies: how the tail moved over the run.
    Distribution p99{"interval_p99_ms", "p99 latency per step", "ms", false, {}, {}};
    for (const InferenceStepRow& row : result_.rows)
        p99.values.push_back(row.p99Ms);
    return {p99};
}

RunWords InferenceRun::kindWords()
{
    return {.step = "step",
            .steps = "steps",
            .candidate = "class",
            .candidates = "classes",
            .feasible = "feasible",
            .filtered = "not feasible",
            .occupancy = "MIG slices",
            .groupHeatmap = "Compute slices used",
            .group = "GPU",
            .groups = "GPUs",
            .groupBands = "GPU type",
            .cell = "slice",
            .cells = "slices",
            .occupant = "instance",
            .occupants = "instances",
            .inspector = "Plan inspector",
            .positionText = "{}"};
}

std::unique_ptr<RunCursor> InferenceRun::cursor() const { return std::make_unique<InferenceCursor>(*this); }

std::string InferenceRun::describeStep(size_t step) const
{
    if (step >= result_.rows.size())
        return {};
    const InferenceStepRow& row = result_.rows[step];
    const double from = step == 0 ? 0.0 : result_.rows[step - 1].timeS;
    std::string text = fmt::format("{:g}-{:g} s: {} GPUs, {} instances, SLO attainment {:.1f}%, p99 {:.1f} ms, "
                                   "{:.0f} req/s, {} pending",
                                   from, row.timeS, row.gpusUsed, row.instances, row.sloAttainmentPct, row.p99Ms,
                                   row.throughputRps, row.pendingRequests);
    for (const PlanEpoch& epoch : result_.epochs) {
        if (epoch.fromS > from && epoch.fromS <= row.timeS && epoch.trigger != "start") {
            double delay = 0;
            for (const GpuChange& change : epoch.changes)
                delay += change.delayS;
            text += fmt::format("; re-plan at {:g} s ({}): {} GPU{} reconfigured, {:g} s of drain", epoch.fromS,
                                epoch.trigger, epoch.changes.size(), epoch.changes.size() == 1 ? "" : "s", delay);
        }
    }
    return text;
}

ExplanationTable InferenceRun::explain(size_t step) const
{
    // The plan in force during the step: per class, every (profile, batch, processes) point the
    // planner weighed, the SLO-feasible ones ranked by throughput per compute slice (the chosen
    // one first, with its replicas), the others listed with why they were not feasible.
    const size_t position = std::min(step + 1, steps());
    const PlanEpoch& epoch = epochAt(position);
    ExplanationTable table;
    table.subject = fmt::format("plan in force at {:g} s, made at {:g} s ({}) by {}", timeAt(position), epoch.fromS,
                                epoch.trigger, epoch.policy);
    table.candidateColumn = "class";
    // Processes (MPS) get a column only where some point runs more than one.
    bool anyProcs = false;
    for (const ClassDecision& decision : epoch.decisions)
        for (const PlanCandidate& candidate : decision.candidates)
            anyProcs |= candidate.feasible && candidate.point.procs > 1;
    table.columns = {"profile", "batch", "ms/batch", "req/s/slice", "chosen"};
    if (anyProcs)
        table.columns.insert(table.columns.begin() + 2, "procs");
    const double text = std::numeric_limits<double>::quiet_NaN();
    size_t served = 0;
    for (const ClassDecision& decision : epoch.decisions) {
        const WorkloadClass& c = epoch.classes[decision.classId];
        std::string name = result_.services[c.service];
        if (c.sizeFactor != 1 || c.bucket > 0)
            name += fmt::format(" · bucket {} (size ≤ {:.3f})", c.bucket + 1, c.sizeFactor);
        const auto profileName = [&](int computeSlices) {
            const auto profile = gpu_->classicProfileWithComputeSlices(computeSlices);
            return profile ? gpu_->profiles()[*profile].name : std::string("?");
        };
        std::vector<size_t> feasible;
        for (size_t k = 0; k < decision.candidates.size(); ++k) {
            const PlanCandidate& candidate = decision.candidates[k];
            const ServingPoint& p = candidate.point;
            if (candidate.feasible)
                feasible.push_back(k);
            else
                table.filtered.push_back({fmt::format("{} · {} b{} p{}", name, profileName(p.computeSlices), p.batch,
                                                      p.procs),
                                          candidate.reason,
                                          candidate.reason == "out of memory" ? "out of memory" : "too slow for the SLO"});
        }
        std::stable_sort(feasible.begin(), feasible.end(), [&](size_t a, size_t b) {
            const bool chosenA = int(a) == decision.chosen, chosenB = int(b) == decision.chosen;
            if (chosenA != chosenB)
                return chosenA;
            const ServingPoint& x = decision.candidates[a].point;
            const ServingPoint& y = decision.candidates[b].point;
            return x.throughputRps / x.computeSlices > y.throughputRps / y.computeSlices;
        });
        served += decision.chosen >= 0;
        for (size_t k : feasible) {
            const ServingPoint& p = decision.candidates[k].point;
            const bool chosen = int(k) == decision.chosen;
            ExplanationTable::Row row{name,
                                      {text, double(p.batch), p.latencyMs, p.throughputRps / p.computeSlices, text},
                                      {profileName(p.computeSlices), {}, {}, {},
                                       chosen ? fmt::format("× {}", decision.replicas) : std::string("–")}};
            if (anyProcs) {
                row.values.insert(row.values.begin() + 2, double(p.procs));
                row.texts.insert(row.texts.begin() + 2, std::string());
            }
            table.rows.push_back(std::move(row));
        }
        if (decision.chosen < 0)
            table.filtered.push_back({name, decision.why, "class not served"});
    }
    uint32_t gpus = 0;
    for (const PlannedInstance& i : epoch.instances)
        gpus = std::max(gpus, i.gpu + 1);
    table.outcome = fmt::format("{} instances on {} GPU slots; {} of {} classes served", epoch.instances.size(), gpus,
                                served, epoch.decisions.size());
    table.why = "per class, the SLO-feasible point (latency × the predictor's safety factor under 0.45 × SLO) with "
                "the most throughput per compute slice, replicated to cover the class's rate: its row comes first "
                "with its replicas (× N), then the other feasible points by throughput per slice";
    return table;
}

std::unique_ptr<Run> InferenceRun::fork(size_t position, const std::string& policy,
                                        const ProgressCallback& progress) const
{
    return forkWith(position, {policy, std::nullopt, std::nullopt}, progress);
}

std::unique_ptr<InferenceRun> InferenceRun::forkWith(size_t position, const ForkChange& change,
                                                     const ProgressCallback& progress) const
{
    const double at = timeAt(std::min(position, steps()));
    const PolicyPhase& inForce = phases_[phaseIndexAt(phases_, at)];
    std::vector<PolicyPhase> phases;
    for (const PolicyPhase& phase : phases_)
        if (phase.fromS < at)
            phases.push_back(phase);
    phases.push_back({at, InferencePolicyRegistry::instance().create(change.policy, *gpu_),
                      change.loadScale.value_or(inForce.loadScale), change.sloScale.value_or(inForce.sloScale),
                      change.sloMs.value_or(inForce.sloMs), change.sloMs ? change.sloSource : inForce.sloSource});
    checkPhases(phases, scenario_);
    const PolicyPhase& fork = phases.back();
    std::string name = fmt::format("{} → {}", info_.name, fork.policy->label());
    if (fork.loadScale != inForce.loadScale)
        name += fmt::format(", load x{:g}", fork.loadScale);
    if (fork.sloMs != inForce.sloMs)
        name += ", SLOs of " + fork.sloSource;
    if (fork.sloScale != inForce.sloScale)
        name += fmt::format(", SLO x{:g}", fork.sloScale);
    name += fmt::format(" at {:g} s", at);
    return simulate(world_, scenario_, std::move(phases), options_, name, progress);
}

}  // namespace tessera
