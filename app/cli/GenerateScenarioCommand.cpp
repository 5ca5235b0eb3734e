// tessera-cli generate-scenario: a daily-shaped inference scenario in Tessera's own format
// (docs/cli.md, "Inference scenario format"), drawn by generateScenario.
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "inference/InferenceScenario.h"
#include "util/UsageError.h"

#include <cstdio>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera::cli {

namespace {

const char* kHelp =
    "usage: tessera-cli generate-scenario --out FILE --seed S [--duration 86400] [--step 600]\n"
    "                                     [--day 86400] [--models a,b,...]\n"
    "\n"
    "Writes FILE: every model's request rate over a day-shaped curve (a night trough, a midday\n"
    "plateau, an evening peak), changing every --step seconds, with a latency SLO and an\n"
    "input-size sigma per model. --day is the period of the daily shape (shorter compresses a\n"
    "day). --models defaults to the eleven ParvaGPU models. The same options and seed give\n"
    "byte-identical files. The bundled traces/inference/default.csv is --seed 2026 with the\n"
    "defaults.\n";

std::vector<std::string> splitModels(const std::string& text)
{
    std::vector<std::string> models;
    size_t start = 0;
    for (;;) {
        const size_t comma = text.find(',', start);
        models.push_back(text.substr(start, comma - start));
        if (comma == std::string::npos)
            return models;
        start = comma + 1;
    }
}

}  // namespace

int generateScenarioCommand(int argc, char** argv)
{
    const CommandLine args(argc, argv, 2, {"--out", "--seed", "--duration", "--step", "--day", "--models"}, {"--help"});
    if (args.has("--help")) {
        std::fputs(kHelp, stdout);
        return 0;
    }
    const std::string out = args.required("--out");
    const uint64_t seed = args.requiredSeed();
    ScenarioGeneratorParams params = defaultScenarioParams();
    params.durationS = args.number("--duration", params.durationS, 1, ScenarioLimits::kMaxTimeS);
    params.stepS = args.number("--step", params.stepS, 1, ScenarioLimits::kMaxTimeS);
    params.dayS = args.number("--day", params.dayS, 1, ScenarioLimits::kMaxTimeS);
    if (args.has("--models"))
        params.models = splitModels(args.value("--models"));
    InferenceScenario scenario;
    try {
        scenario = generateScenario(params, seed);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    writeScenario(out, scenario);
    size_t rows = 0;
    for (const auto& s : scenario.services)
        rows += s.rates.size();
    fmt::print("{}: {} models, {} rows, {} s\n", out, scenario.services.size(), rows, scenario.durationS);
    return 0;
}

}  // namespace tessera::cli
