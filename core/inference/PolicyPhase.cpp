#include "inference/PolicyPhase.h"

#include "inference/InferencePolicy.h"
#include "inference/WorkloadClass.h"

#include <fmt/format.h>

#include <limits>
#include <stdexcept>

namespace tessera {

void checkPhases(const std::vector<PolicyPhase>& phases, const InferenceScenario& scenario)
{
    if (phases.empty() || phases.front().fromS != 0)
        throw std::invalid_argument("a run needs a policy from time 0");
    for (size_t i = 0; i < phases.size(); ++i) {
        const PolicyPhase& phase = phases[i];
        if (i > 0 && !(phase.fromS > phases[i - 1].fromS))
            throw std::invalid_argument(
                fmt::format("phase {} starts at {:g} s, not after the one before it", i + 1, phase.fromS));
        if (!phase.policy)
            throw std::invalid_argument(fmt::format("phase {} has no policy", i + 1));
        if (!(phase.loadScale > 0) || phase.loadScale > PolicyPhase::kMaxLoadScale)
            throw std::invalid_argument(fmt::format("the load scale must be in (0, {:g}], not {:g}",
                                                    PolicyPhase::kMaxLoadScale, phase.loadScale));
        if (!(phase.sloScale >= PolicyPhase::kMinSloScale) || phase.sloScale > PolicyPhase::kMaxSloScale)
            throw std::invalid_argument(fmt::format("the SLO scale must be in [{:g}, {:g}], not {:g}",
                                                    PolicyPhase::kMinSloScale, PolicyPhase::kMaxSloScale,
                                                    phase.sloScale));
        if (!phase.sloMs.empty() && phase.sloMs.size() != scenario.services.size())
            throw std::invalid_argument(fmt::format("phase {} has {} SLOs for {} services", i + 1, phase.sloMs.size(),
                                                    scenario.services.size()));
        for (double slo : phase.sloMs)
            if (!(slo > 0) || slo > ScenarioLimits::kMaxSloMs)
                throw std::invalid_argument(fmt::format("an SLO must be in (0, {:g}] ms, not {:g}",
                                                        ScenarioLimits::kMaxSloMs, slo));
    }
}

double phaseSloMs(const PolicyPhase& phase, const InferenceScenario& scenario, uint32_t service)
{
    return (phase.sloMs.empty() ? scenario.services[service].sloMs : phase.sloMs[service]) * phase.sloScale;
}

size_t phaseIndexAt(const std::vector<PolicyPhase>& phases, double timeS)
{
    size_t current = 0;
    for (size_t i = 0; i < phases.size(); ++i)
        if (phases[i].fromS <= timeS)
            current = i;
    return current;
}

bool phaseChangesPlan(const std::vector<PolicyPhase>& phases, size_t i)
{
    if (i == 0)
        return true;
    const PolicyPhase& before = phases[i - 1];
    const PolicyPhase& phase = phases[i];
    return phase.policy->spec() != before.policy->spec() || phase.loadScale != before.loadScale ||
           phase.sloScale != before.sloScale || phase.sloMs != before.sloMs;
}

InferenceScenario offeredLoad(const InferenceScenario& scenario, const std::vector<PolicyPhase>& phases)
{
    bool scaled = false;
    for (const PolicyPhase& phase : phases)
        scaled |= phase.loadScale != 1.0;
    if (!scaled)
        return scenario;
    InferenceScenario offered = scenario;
    for (ServiceSpec& service : offered.services) {
        const std::vector<RatePoint>& base = service.rates;
        std::vector<RatePoint> rates;
        auto rateAt = [&](double t) {
            double rate = 0;
            for (const RatePoint& point : base)
                if (point.fromS <= t)
                    rate = point.rateRps;
            return rate;
        };
        for (size_t i = 0; i < phases.size(); ++i) {
            const double from = phases[i].fromS;
            const double to = i + 1 < phases.size() ? phases[i + 1].fromS : std::numeric_limits<double>::infinity();
            const double factor = phases[i].loadScale;
            bool pointAtStart = false;
            for (const RatePoint& point : base)
                pointAtStart |= point.fromS == from;
            const double first = rateAt(from) * factor;
            if (pointAtStart || rates.empty() || rates.back().rateRps != first)
                rates.push_back({from, first});
            for (const RatePoint& point : base)
                if (point.fromS > from && point.fromS < to)
                    rates.push_back({point.fromS, point.rateRps * factor});
        }
        // Before the first base point the rate is 0: a point at 0 of rate 0 changes no draw.
        service.rates = std::move(rates);
    }
    return offered;
}

void setSlosFor(std::vector<WorkloadClass>& classes, const InferenceScenario& scenario, const PolicyPhase& phase)
{
    for (WorkloadClass& c : classes)
        c.sloMs = phaseSloMs(phase, scenario, c.service);
}

void setSloSchedule(ServingClass& serving, const InferenceScenario& scenario, const std::vector<PolicyPhase>& phases)
{
    serving.sloS = phaseSloMs(phases.front(), scenario, serving.service) / 1000.0;
    serving.sloChanges.clear();
    double before = serving.sloS;
    for (size_t i = 1; i < phases.size(); ++i) {
        const double sloS = phaseSloMs(phases[i], scenario, serving.service) / 1000.0;
        if (sloS != before)
            serving.sloChanges.push_back({phases[i].fromS, sloS});
        before = sloS;
    }
}

}  // namespace tessera
