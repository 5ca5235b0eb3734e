#include "inference/InferenceSimulation.h"

#include "inference/IncrementalReplan.h"
#include "inference/InferenceClasses.h"
#include "inference/InferencePolicy.h"
#include "inference/InferenceScenario.h"
#include "inference/PerformanceModel.h"
#include "inference/ProfileData.h"
#include "inference/RequestSimulator.h"
#include "mig/MigGpuType.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

namespace tessera {
namespace {

void checkOptions(const InferenceOptions& options)
{
    auto positive = [](double value, const char* name, double most) {
        if (!(value > 0) || value > most)
            throw std::invalid_argument(fmt::format("{} must be in (0, {:g}], not {:g}", name, most, value));
    };
    positive(options.durationS, "the duration", 1e7);
    positive(options.stepS, "the step", 1e7);
    positive(options.replanIntervalS, "the re-plan interval", 1e7);
    if (options.durationS / options.stepS > 1e6)
        throw std::invalid_argument("more than a million time-series rows: choose a longer step");
    if (options.buckets < 1 || options.buckets > 64)
        throw std::invalid_argument(fmt::format("buckets must be 1-64, not {}", options.buckets));
    if (options.sizeSigma > 2)
        throw std::invalid_argument(fmt::format("the size sigma must be 0-2, not {:g}", options.sizeSigma));
    if (!(options.reconfigDelayS >= 0) || options.reconfigDelayS > 3600)
        throw std::invalid_argument(
            fmt::format("the reconfiguration delay must be 0-3600 s, not {:g}", options.reconfigDelayS));
    if (!options.predictor.empty() && options.predictor != "learned" && options.predictor != "table")
        throw std::invalid_argument(fmt::format("the predictor is learned or table, not \"{}\"", options.predictor));
}

const PerformanceModel& plannerModel(const InferenceInputs& inputs, const InferencePolicy& policy,
                                     const InferenceOptions& options)
{
    if (policy.predictorUse() == PredictorUse::TableOnly)
        return inputs.table;  // contracts.md 8.3: these policies always use the table
    return options.predictor == "table" ? inputs.table : inputs.learned;
}

// The times at which Step 6 looks again: every re-plan interval, every rate change and every
// phase's start.
std::vector<double> replanTimes(const InferenceScenario& scenario, const InferenceOptions& options,
                                const std::vector<PolicyPhase>& phases)
{
    std::set<double> times;
    for (double t = options.replanIntervalS; t < options.durationS; t += options.replanIntervalS)
        times.insert(t);
    for (const ServiceSpec& service : scenario.services)
        for (const RatePoint& point : service.rates)
            if (point.fromS > 0 && point.fromS < options.durationS)
                times.insert(point.fromS);
    for (const PolicyPhase& phase : phases)
        if (phase.fromS > 0 && phase.fromS < options.durationS)
            times.insert(phase.fromS);
    return {times.begin(), times.end()};
}

bool rateShifted(const std::vector<WorkloadClass>& planned, const std::vector<WorkloadClass>& now, double threshold)
{
    for (size_t c = 0; c < planned.size(); ++c) {
        const double before = planned[c].rateRps, after = now[c].rateRps;
        if (before == 0 ? after > 0 : std::abs(after - before) > threshold * before)
            return true;
    }
    return false;
}

bool sameInstances(const std::vector<PlannedInstance>& a, const std::vector<PlannedInstance>& b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const PlannedInstance& x, const PlannedInstance& y) {
        return x.gpu == y.gpu && x.start == y.start && x.profile == y.profile && x.classId == y.classId &&
               x.idle == y.idle && x.point.batch == y.point.batch && x.point.procs == y.point.procs;
    });
}

// The plans over time, starting from the first at t = 0. `inputs.scenario` has the load the
// phases offer (offeredLoad); the SLOs are the phase's factor on the scenario's.
std::vector<PlanEpoch> planEpochs(const InferenceInputs& inputs, const std::vector<PolicyPhase>& phases,
                                  const InferenceOptions& options, const MigGpuType& gpu,
                                  std::vector<WorkloadClass> classes)
{
    std::vector<PlanEpoch> epochs;
    auto planFor = [&](const InferencePolicy& policy, const std::vector<WorkloadClass>& at) {
        return policy.plan(PlanningContext{gpu, plannerModel(inputs, policy, options), at});
    };
    setRatesAt(classes, inputs.scenario, 0);
    setSlosFor(classes, inputs.scenario, phases.front());
    {
        const InferencePolicy& policy = *phases.front().policy;
        InferencePlan first = planFor(policy, classes);
        PlanEpoch epoch;
        epoch.policy = policy.spec();
        epoch.exactSizes = policy.plansExactSizes();
        epoch.classes = classes;
        epoch.instances = transitionTo({}, first, 0).instances;
        epoch.decisions = std::move(first.decisions);
        epoch.trigger = "start";
        epochs.push_back(std::move(epoch));
    }
    std::vector<WorkloadClass> planned = classes;
    for (double t : replanTimes(inputs.scenario, options, phases)) {
        const size_t phaseIndex = phaseIndexAt(phases, t);
        const PolicyPhase& phase = phases[phaseIndex];
        const InferencePolicy& policy = *phase.policy;
        setRatesAt(classes, inputs.scenario, t);
        setSlosFor(classes, inputs.scenario, phase);
        const bool phaseStarts = phase.fromS == t && phaseChangesPlan(phases, phaseIndex);
        // A new policy plans afresh; the same one re-plans a new load or SLO as it always does.
        const bool newPolicy = policy.spec() != epochs.back().policy;
        const bool shifted = rateShifted(planned, classes, options.replanThreshold);
        const bool onInterval = std::fmod(t, options.replanIntervalS) == 0;
        if (!phaseStarts && !shifted && !onInterval)
            continue;
        InferencePlan next = planFor(policy, classes);
        planned = classes;
        PlanTransition transition =
            policy.replansIncrementally() && !newPolicy
                ? transitionTo(epochs.back().instances, adaptPlan(gpu, epochs.back().instances, next),
                               options.reconfigDelayS, true)
                : transitionTo(epochs.back().instances, next, options.reconfigDelayS);
        if (sameInstances(transition.instances, epochs.back().instances) && policy.spec() == epochs.back().policy)
            continue;
        PlanEpoch epoch;
        epoch.fromS = t;
        epoch.policy = policy.spec();
        epoch.exactSizes = policy.plansExactSizes();
        epoch.classes = classes;
        epoch.instances = std::move(transition.instances);
        epoch.decisions = std::move(next.decisions);
        epoch.changes = std::move(transition.changes);
        epoch.trigger = phaseStarts ? "fork" : shifted ? "rate change" : "interval";
        epochs.push_back(std::move(epoch));
    }
    return epochs;
}

// The request simulation's view of the plans: every serving instance with the latency it really
// has (the measured table at the size its requests are served at), held back on a GPU being
// reconfigured until its delay is over (the whole GPU drains, as mig-parted does).
std::vector<ServingEpoch> servingEpochs(const std::vector<PlanEpoch>& epochs, const std::vector<WorkloadClass>& classes,
                                        const PerformanceModel& truth)
{
    std::vector<ServingEpoch> serving;
    for (const PlanEpoch& epoch : epochs) {
        ServingEpoch s;
        s.fromS = epoch.fromS;
        for (const PlannedInstance& instance : epoch.instances) {
            if (instance.idle)
                continue;
            const WorkloadClass& workload = classes[instance.classId];
            const PerfEstimate real =
                truth.estimate(workload.model, instance.point.computeSlices, instance.point.batch, instance.point.procs,
                               epoch.exactSizes ? workload.meanSizeFactor : workload.sizeFactor, workload.sizeExponent);
            if (!real.feasible)
                continue;  // the planner's model was wrong: this instance cannot run
            double availableFrom = 0;
            for (const GpuChange& change : epoch.changes)
                if (change.gpu == instance.gpu)
                    availableFrom = epoch.fromS + change.delayS;
            s.replicas.push_back({instance.classId, static_cast<uint32_t>(instance.point.batch),
                                  static_cast<uint32_t>(instance.point.procs), real.latencyMs / 1000.0, availableFrom,
                                  instance.gpu});
        }
        serving.push_back(std::move(s));
    }
    return serving;
}

std::vector<ServingClass> servingClasses(const std::vector<WorkloadClass>& classes, const InferenceScenario& scenario,
                                         const std::vector<PolicyPhase>& phases)
{
    std::vector<ServingClass> serving;
    for (const WorkloadClass& c : classes) {
        ServingClass s;
        s.service = c.service;
        setSloSchedule(s, scenario, phases);
        for (RatePoint point : scenario.services[c.service].rates) {
            point.rateRps *= c.rateShare;
            s.rates.push_back(point);
        }
        serving.push_back(std::move(s));
    }
    return serving;
}

// The share of completed requests within their SLO; 100 when none completed.
double attainmentPct(const RequestStats& stats)
{
    return stats.completed ? 100.0 * stats.withinSlo / stats.completed : 100.0;
}

const PlanEpoch& epochAt(const std::vector<PlanEpoch>& epochs, double endS)
{
    // The plan in force during the interval's last moment, before any re-plan at its end.
    const PlanEpoch* current = &epochs.front();
    for (const PlanEpoch& epoch : epochs)
        if (epoch.fromS < endS)
            current = &epoch;
    return *current;
}

}  // namespace

InferenceResult runInference(const InferenceInputs& inputs, std::shared_ptr<const InferencePolicy> policy,
                             const InferenceOptions& options, const ProgressCallback& progress)
{
    return runInference(inputs, {PolicyPhase{.fromS = 0, .policy = std::move(policy)}}, options, progress);
}

InferenceResult runInference(const InferenceInputs& inputs, const std::vector<PolicyPhase>& phases,
                             const InferenceOptions& options, const ProgressCallback& progress)
{
    checkOptions(options);
    checkPhases(phases, inputs.scenario);
    const MigGpuType* gpu = MigGpuType::find(options.gpuType);
    if (!gpu)
        throw std::invalid_argument(fmt::format("unknown GPU type \"{}\"", options.gpuType));
    const InferencePolicy& last = *phases.back().policy;

    InferenceResult result;
    result.policy = last.spec();
    result.policyLabel = last.label();
    result.seed = options.seed;
    result.predictor = plannerModel(inputs, last, options).name();
    for (const PolicyPhase& phase : phases)
        result.profilingCost = std::max(result.profilingCost, plannerModel(inputs, *phase.policy, options).profiledPoints());
    for (uint32_t s = 0; s < inputs.scenario.services.size(); ++s) {
        result.services.push_back(inputs.scenario.services[s].model);
        result.sloMs.push_back(phaseSloMs(phases.front(), inputs.scenario, s));
    }

    std::vector<WorkloadClass> classes =
        buildClasses(inputs.scenario, inputs.profiles, ClassGrouping{options.buckets, options.sizeSigma});
    const InferenceScenario offered = offeredLoad(inputs.scenario, phases);
    const InferenceInputs offeredInputs{offered, inputs.profiles, inputs.table, inputs.learned};
    result.epochs = planEpochs(offeredInputs, phases, options, *gpu, classes);
    if (progress && !progress(0.1))
        throw CancelledError();

    const RequestSimulationResult requests = simulateRequests(
        servingClasses(classes, offered, phases),
        servingEpochs(result.epochs, classes, inputs.table), inputs.scenario.services.size(),
        options.durationS, options.stepS, options.seed, options.threads);
    if (progress && !progress(0.95))
        throw CancelledError();

    uint32_t reconfigs = 0;
    size_t epochsCounted = 0;
    for (const RequestInterval& interval : requests.intervals) {
        const PlanEpoch& epoch = epochAt(result.epochs, interval.toS);
        // Reconfigurations count when their plan takes effect.
        while (epochsCounted < result.epochs.size() && result.epochs[epochsCounted].fromS < interval.toS)
            reconfigs += static_cast<uint32_t>(result.epochs[epochsCounted++].changes.size());
        InferenceStepRow row;
        row.timeS = interval.toS;
        std::set<uint32_t> gpus;
        for (const PlannedInstance& instance : epoch.instances) {
            gpus.insert(instance.gpu);
            row.computeSlices += static_cast<uint32_t>(gpu->profiles()[instance.profile].computeSlices);
        }
        row.gpusUsed = static_cast<uint32_t>(gpus.size());
        row.instances = static_cast<uint32_t>(epoch.instances.size());
        row.sliceUtilPct = row.gpusUsed ? 100.0 * row.computeSlices / (gpu->computeSlices() * row.gpusUsed) : 0;
        row.sloAttainmentPct = attainmentPct(interval.overall);
        row.p50Ms = interval.overall.p50Ms;
        row.p99Ms = interval.overall.p99Ms;
        row.throughputRps = interval.overall.servedRps;
        row.pendingRequests = interval.overall.pending;
        row.reconfigs = reconfigs;
        for (const RequestStats& service : interval.services) {
            row.p50MsPerService.push_back(service.p50Ms);
            row.p99MsPerService.push_back(service.p99Ms);
            row.attainmentPctPerService.push_back(attainmentPct(service));
        }
        result.peakGpus = std::max(result.peakGpus, row.gpusUsed);
        result.peakInstances = std::max(result.peakInstances, row.instances);
        result.peakSlicesOverSeven = std::max(result.peakSlicesOverSeven, row.computeSlices / double(gpu->computeSlices()));
        result.rows.push_back(std::move(row));
    }
    for (const PlanEpoch& epoch : result.epochs) {
        result.reconfigurations += static_cast<uint32_t>(epoch.changes.size());
        for (const GpuChange& change : epoch.changes)
            result.reconfigurationDelayS += change.delayS;
    }
    result.requests = requests.total.completed;
    result.sloAttainmentPct = attainmentPct(requests.total);
    result.p99Ms = requests.total.p99Ms;
    return result;
}

}  // namespace tessera
