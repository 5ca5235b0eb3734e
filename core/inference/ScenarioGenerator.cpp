// generateScenario: daily-shaped request rates for a list of models (InferenceScenario.h).
#include "inference/InferenceScenario.h"

#include <cmath>
#include <random>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

namespace {

// Relative request rate in each hour of a day (hour h is [h, h+1)), the usual shape of
// user-facing inference traffic: a trough before dawn, a morning ramp, a midday plateau and an
// evening peak. The generator uses it relative to its mean.
constexpr double kHourly[24] = {0.55, 0.45, 0.38, 0.34, 0.33, 0.36, 0.48, 0.70, 0.95, 1.15, 1.28, 1.35,
                                1.36, 1.33, 1.30, 1.28, 1.27, 1.30, 1.38, 1.45, 1.42, 1.25, 0.98, 0.72};

// Uniform in [0, 1) from the top 53 bits: exact, the same on every platform.
double uniform(std::mt19937_64& rng)
{
    return double(rng() >> 11) * 0x1.0p-53;
}

// The daily shape at a fraction of the day in [0, 1), linear between the hours' midpoints,
// relative to the day's mean.
double dailyShape(double dayFraction)
{
    double sum = 0;
    for (double h : kHourly)
        sum += h;
    const double x = dayFraction * 24 - 0.5;
    const double below = std::floor(x);
    const double weight = x - below;
    const int hour = (int(below) + 24) % 24;
    return (kHourly[hour] * (1 - weight) + kHourly[(hour + 1) % 24] * weight) * 24 / sum;
}

double fractionalPart(double x)
{
    return x - std::floor(x);
}

void check(bool ok, const char* what)
{
    if (!ok)
        throw std::invalid_argument(fmt::format("scenario generator: {}", what));
}

void checkParams(const ScenarioGeneratorParams& p)
{
    check(!p.models.empty(), "no models");
    check(p.models.size() <= ScenarioLimits::kMaxServices, "too many models");
    check(std::set<std::string>(p.models.begin(), p.models.end()).size() == p.models.size(), "a model is repeated");
    for (const auto& m : p.models)
        check(!m.empty() && m.size() <= ScenarioLimits::kMaxModelNameBytes
                  && m.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")
                      == std::string::npos,
              "a model name has only letters, digits, '_', '-' and '.'");
    check(p.durationS > 0 && p.durationS <= ScenarioLimits::kMaxTimeS, "the duration must be above 0 and at most 10^7 s");
    check(p.stepS > 0 && p.durationS / p.stepS <= 1e6, "the step must be above 0 and give at most 10^6 steps");
    check(p.dayS > 0 && p.dayS <= ScenarioLimits::kMaxTimeS, "the day length must be above 0");
    check(p.noise >= 0 && p.noise < 1, "the noise must be from 0 to below 1");
    check(p.meanRateMinRps >= 0 && p.meanRateMinRps <= p.meanRateMaxRps
              && p.meanRateMaxRps * 2 * (1 + p.noise) <= ScenarioLimits::kMaxRateRps,
          "the mean rates must be ascending, from 0 and well below 10^7 req/s");
    check(p.sloMinMs >= 10 && p.sloMinMs <= p.sloMaxMs && p.sloMaxMs <= ScenarioLimits::kMaxSloMs,
          "the SLOs must be ascending, from 10 ms to 10^6 ms");
    check(p.sizeSigma >= 0 && p.sizeSigma <= ScenarioLimits::kMaxSizeSigma, "the size sigma must be from 0 to 2");
}

}  // namespace

InferenceScenario generateScenario(const ScenarioGeneratorParams& params, uint64_t seed)
{
    checkParams(params);
    std::seed_seq sequence{uint32_t(seed), uint32_t(seed >> 32)};
    std::mt19937_64 rng(sequence);
    const auto steps = size_t(std::ceil(params.durationS / params.stepS));

    InferenceScenario scenario;
    scenario.name = params.name;
    scenario.durationS = params.durationS;
    for (const auto& model : params.models) {
        ServiceSpec service;
        service.model = model;
        service.sizeSigma = params.sizeSigma;
        const double u = uniform(rng);  // squared: most services small, a few large
        const double meanRps = params.meanRateMinRps + (params.meanRateMaxRps - params.meanRateMinRps) * u * u;
        const double phase = (uniform(rng) - 0.5) / 12;  // up to an hour either way, as a share of the day
        service.sloMs = std::round((params.sloMinMs + (params.sloMaxMs - params.sloMinMs) * uniform(rng)) / 10) * 10;
        for (size_t i = 0; i < steps; ++i) {
            const double from = double(i) * params.stepS;
            if (from >= params.durationS)
                break;
            const double to = std::min(params.durationS, from + params.stepS);
            const double shape = dailyShape(fractionalPart((from + to) / 2 / params.dayS + phase));
            const double factor = 1 + params.noise * (2 * uniform(rng) - 1);
            service.rates.push_back({from, std::round(meanRps * shape * factor * 10) / 10});
        }
        scenario.services.push_back(std::move(service));
    }
    return scenario;
}

ScenarioGeneratorParams defaultScenarioParams()
{
    ScenarioGeneratorParams params;
    params.name = "default";
    return params;
}

}  // namespace tessera
