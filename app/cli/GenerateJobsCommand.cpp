// tessera-cli generate-jobs: a synthetic training-job stream in Tessera's job format
// (docs/cli.md, "Training job format"), drawn by generateJobs.
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "training/JobFile.h"
#include "training/JobGenerator.h"
#include "util/UsageError.h"

#include <cstdio>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera::cli {

namespace {

const char* kHelp =
    "usage: tessera-cli generate-jobs --out FILE --seed S [--preset synergy|pal-models]\n"
    "                                 [--jobs 160] [--load 8]\n"
    "\n"
    "Writes FILE: --jobs training jobs with Poisson arrivals at --load jobs per hour, 1, 2, 4 or\n"
    "8 GPUs (70/10/15/5 %), Gavel-like work and one of PAL's six models (training-boa-pal.md B6\n"
    "A3). --preset synergy gives every job 1 s per iteration, so iterations are seconds;\n"
    "pal-models gives each its model's measured iteration time. The same options and seed give\n"
    "byte-identical files. The bundled traces/training/default.csv is --seed 2026 with the\n"
    "defaults.\n";

}  // namespace

int generateJobsCommand(int argc, char** argv)
{
    const CommandLine args(argc, argv, 2, {"--out", "--seed", "--preset", "--jobs", "--load"}, {"--help"});
    if (args.has("--help")) {
        std::fputs(kHelp, stdout);
        return 0;
    }
    const std::string out = args.required("--out");
    const uint64_t seed = args.requiredSeed();
    const std::string preset = args.has("--preset") ? args.value("--preset") : std::string("synergy");
    auto params = jobGeneratorPreset(preset);
    if (!params)
        throw UsageError(fmt::format("unknown --preset \"{}\" (synergy or pal-models)", preset));
    params->jobs = int(args.integer("--jobs", params->jobs, 1, 1000000));
    params->loadJobsPerHour = args.number("--load", params->loadJobsPerHour, 1e-6, 1e6);
    std::vector<TrainingJob> jobs;
    try {
        jobs = generateJobs(*params, seed);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    writeJobs(out, jobs);
    fmt::print("{}: {} jobs, last arrival {} s\n", out, jobs.size(), jobs.back().arrivalS);
    return 0;
}

}  // namespace tessera::cli
