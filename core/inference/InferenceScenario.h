#pragma once

// An inference scenario: services, each a model with a piecewise-constant request rate, an
// input-size distribution and a latency SLO, over a fixed duration. Tessera's own CSV format
// (docs/cli.md, "Inference scenario format") is read by loadScenario and written by
// writeScenario; generateScenario draws a daily-shaped one from a seed.

#include "io/InputError.h"

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace tessera {

// The rate in force from fromS until the next point's fromS (or the scenario's end).
struct RatePoint {
    double fromS = 0;
    double rateRps = 0;
};

struct ServiceSpec {
    std::string model;
    double sloMs = 0;
    double sizeSigma = 0;  // lognormal sigma of the input-size factor; 0: every request has size factor 1
    std::vector<RatePoint> rates;  // piecewise constant, ascending fromS, the first at 0
};

struct InferenceScenario {
    std::string name;
    double durationS = 0;
    std::vector<ServiceSpec> services;  // in the order of their first row in the file
};

// Limits past which a value is an input error rather than a scenario (docs/cli.md).
struct ScenarioLimits {
    static constexpr double kMaxTimeS = 1e7;        // about 115 days
    static constexpr double kMaxRateRps = 1e7;      // per service
    static constexpr double kMaxSloMs = 1e6;        // 1,000 s
    static constexpr double kMaxSizeSigma = 2;      // sizes are clipped to [0.5, 2] anyway
    static constexpr size_t kMaxServices = 1000;
    static constexpr size_t kMaxModelNameBytes = 64;
};

// Reads a scenario file. Its name is the file name without directory and extension. Throws
// InputError (FILE:LINE: column NAME: problem) for any malformed value, and for an empty file,
// a file with no header or no rows (contracts.md 4): nothing is half-loaded. An interrupted
// final line is skipped with a warning in `warnings` (which also gets the file's content hash).
InferenceScenario loadScenario(const std::string& path, LoadWarnings& warnings);
// The same for tests and tools that show no warnings.
InferenceScenario loadScenario(const std::string& path);

// Writes the scenario in the format loadScenario reads; numbers in their shortest exact
// decimal form, so loading the output gives back the same values.
void writeScenario(std::ostream& out, const InferenceScenario& scenario);
// The same to a file; throws std::runtime_error when it cannot be written.
void writeScenario(const std::string& path, const InferenceScenario& scenario);

// The eleven models of the ParvaGPU profile data (mig-parvagpu), in alphabetical order: names only.
const std::vector<std::string>& parvaGpuModelNames();

// A daily-shaped scenario: each service's rate follows a 24-hour profile of web-facing traffic
// (a night trough about a third of the mean, a midday plateau and an evening peak), shifted by
// up to an hour per service, times a per-step noise factor.
struct ScenarioGeneratorParams {
    std::string name = "generated";
    std::vector<std::string> models = parvaGpuModelNames();
    double durationS = 86400;
    double stepS = 600;             // the rates change every stepS seconds
    double dayS = 86400;            // the period of the daily shape (shorter compresses a day)
    double meanRateMinRps = 20;     // each service's mean rate is drawn from [min, max],
    double meanRateMaxRps = 400;    // skewed towards min (most services are small)
    double noise = 0.1;             // each step's rate x a factor drawn from [1 - noise, 1 + noise]
    double sloMinMs = 250;          // each service's SLO is drawn from [min, max], whole 10 ms
    double sloMaxMs = 750;          // (room for the largest size bucket: 4x the latency of size 1)
    double sizeSigma = 0.3;         // every service's input-size sigma (spec 2.2 Step 1)
};

// Deterministic: the same parameters and seed give the same scenario, and the same bytes
// through writeScenario (the draws use only exactly rounded arithmetic, no libm). Rates are
// rounded to 0.1 req/s. Throws std::invalid_argument for parameters outside the loader's limits.
InferenceScenario generateScenario(const ScenarioGeneratorParams& params, uint64_t seed);

// The seed and parameters of the bundled traces/inference/default.csv.
constexpr uint64_t kDefaultScenarioSeed = 2026;
ScenarioGeneratorParams defaultScenarioParams();

}  // namespace tessera
