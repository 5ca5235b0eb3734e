// Inference scenario files (loadScenario). An accepted file must hold services with distinct
// model names, SLOs and size sigmas within the limits, and rates from 0, ascending and inside
// the duration; written back, it must load as the same scenario. Its first second is then
// simulated (rates scaled down to at most 20,000 requests) with one replica per service, so that
// hostile rates and times reach the request-level simulator.
#include "FuzzSupport.h"

#include "inference/InferenceScenario.h"
#include "inference/RequestSimulator.h"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

using namespace tessera;

namespace {

std::string text(const InferenceScenario& scenario)
{
    std::ostringstream out;
    writeScenario(out, scenario);
    return out.str();
}

void checkScenario(const InferenceScenario& s)
{
    fuzz::require(!s.services.empty() && s.services.size() <= ScenarioLimits::kMaxServices,
                  "no services, or more than the limit, were accepted");
    fuzz::require(s.durationS > 0 && s.durationS <= ScenarioLimits::kMaxTimeS, "a duration outside (0, 10^7]");
    std::set<std::string> models;
    for (const auto& service : s.services) {
        fuzz::require(models.insert(service.model).second && !service.model.empty(), "an empty or repeated model");
        fuzz::require(service.sloMs > 0 && service.sloMs <= ScenarioLimits::kMaxSloMs, "an SLO outside (0, 10^6]");
        fuzz::require(service.sizeSigma >= 0 && service.sizeSigma <= ScenarioLimits::kMaxSizeSigma,
                      "a size sigma outside [0, 2]");
        fuzz::require(!service.rates.empty() && service.rates.front().fromS == 0, "rates that do not start at 0");
        for (size_t i = 0; i < service.rates.size(); ++i) {
            fuzz::require(service.rates[i].fromS < s.durationS, "a rate starting at or after the end");
            fuzz::require(i == 0 || service.rates[i].fromS > service.rates[i - 1].fromS, "rates out of order");
            fuzz::require(service.rates[i].rateRps >= 0 && service.rates[i].rateRps <= ScenarioLimits::kMaxRateRps,
                          "a rate outside [0, 10^7]");
        }
    }
}

void simulateBriefly(const InferenceScenario& s)
{
    const double duration = std::min(1.0, s.durationS);
    double peak = 0;
    for (const auto& service : s.services)
        for (const auto& r : service.rates)
            peak += r.rateRps;
    const double scale = peak * duration > 20000 ? 20000 / (peak * duration) : 1;
    std::vector<ServingClass> classes;
    ServingEpoch epoch;
    for (const auto& service : s.services) {
        const auto id = uint32_t(classes.size());
        ServingClass c{id, service.sloMs / 1000, service.rates};
        for (auto& r : c.rates)
            r.rateRps *= scale;
        classes.push_back(std::move(c));
        epoch.replicas.push_back({id, 8, 1, 0.01, 0, 0});
    }
    const auto result = simulateRequests(classes, {epoch}, classes.size(), duration, duration / 4, 1, 2);
    uint64_t arrived = 0;
    for (const auto& service : result.totalServices) {
        fuzz::require(service.withinSlo <= service.completed && service.completed <= service.arrived,
                      "more completed than arrived, or more within the SLO than completed");
        arrived += service.arrived;
    }
    fuzz::require(arrived == result.total.arrived && result.total.pending == arrived - result.total.completed,
                  "the services' counts do not add up to the total");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string path = fuzz::writeScratch("scenario.csv", data, size);
    fuzz::refusalsExpected([&] {
        const InferenceScenario scenario = loadScenario(path);
        checkScenario(scenario);
        const std::string written = text(scenario);
        const std::string again = fuzz::writeScratch("scenario-again.csv",
                                                     reinterpret_cast<const uint8_t*>(written.data()), written.size());
        fuzz::require(text(loadScenario(again)) == written, "a written scenario does not load back the same");
        simulateBriefly(scenario);
    });
    return 0;
}
