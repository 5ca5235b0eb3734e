// tessera-cli inference: MIG inference planning and request-level simulation (contracts.md 8.3).
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "cli/ProgressLine.h"
#include "cli/RunReport.h"
#include "cli/SweepShard.h"
#include "cli/WarningLines.h"
#include "inference/InferenceCsv.h"
#include "inference/InferencePolicy.h"
#include "inference/InferenceScenario.h"
#include "inference/InferenceSimulation.h"
#include "inference/InferenceRun.h"
#include "inference/InferenceWorld.h"
#include "inference/ParvaScenario.h"
#include "inference/ProfileData.h"
#include "inference/SloTable.h"
#include "mig/MigGpuType.h"
#include "report/OrderedOutput.h"
#include "run/RunKindRegistry.h"
#include "run/RunRecipe.h"
#include "store/RunArchive.h"
#include "store/StudyStore.h"
#include "util/UsageError.h"
#include "util/PrintableText.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>

#include <fmt/format.h>

namespace tessera::cli {
namespace {

const char* kHelp =
    "usage: tessera-cli inference (--scenario FILE | --profiles DIR --slo DIR --slo-row ROWS)\n"
    "         --policy POLICY [--policy POLICY ...] [--gpu A100-80GB] [--duration 600]\n"
    "         [--step 60] [--seed 42] [--predictor learned|table] [--buckets 4]\n"
    "         [--size-sigma 0.3] [--reconfig-delay 5] [--threads N]\n"
    "         [--csv OUT.csv] [--plan OUT.csv] [--db STUDY.sqlite] [--shard I/N] [--quiet]\n"
    "\n"
    "Plans MIG instances for inference services under latency SLOs and simulates every request.\n"
    "  POLICY := elasticbatch | mig-disabled | oracle | parvagpu | static:LAYOUT\n"
    "            (LAYOUT as mig-layouts prints it, with + between instances)\n"
    "  ROWS   := N | N:M@T   row N (1-6) of the SLO files; with :M@T the rates switch to row M at T s\n"
    "  --scenario FILE   Tessera's scenario format (docs/cli.md); the profiles are --profiles DIR,\n"
    "                    or $TESSERA_MIG_PROFILES, or ../shared/traces/mig-parvagpu/prof_data\n"
    "  --predictor       learned (elasticbatch's default) or table; other policies use the table\n"
    "  --buckets N       input-size buckets per service (1-64)\n"
    "  --size-sigma S    every service's input-size spread (lognormal sigma, 0-2)\n"
    "  --reconfig-delay  seconds per created or destroyed GPU instance (whole GPU drained)\n"
    "  --csv FILE        time series, one row per --step seconds and one at the end\n"
    "  --plan FILE       one row per instance of every plan\n"
    "  --db FILE         save every run to this study (tessera-cli runs, chart and the app open it)\n"
    "  --quiet           no progress and nothing on stdout (no summary table, no \"saved to\" line)\n";

std::string profilesDirectory(const CommandLine& args)
{
    if (args.has("--profiles"))
        return args.value("--profiles");
    std::vector<std::string> candidates;
    if (const char* env = std::getenv("TESSERA_MIG_PROFILES"))
        candidates.emplace_back(env);
    candidates.emplace_back("../shared/traces/mig-parvagpu/prof_data");
    candidates.emplace_back(TESSERA_SOURCE_ROOT "/../shared/traces/mig-parvagpu/prof_data");
    for (const std::string& dir : candidates)
        if (std::filesystem::is_directory(dir))
            return dir;
    throw UsageError("--scenario needs the profile data: give --profiles DIR (the mig-parvagpu prof_data folder)");
}

// The scenario options are checked before any file is read: a usage error is exit 2 whatever
// the files hold.
void checkScenarioOptions(const CommandLine& args)
{
    if (args.has("--scenario")) {
        if (args.has("--slo") || args.has("--slo-row"))
            throw UsageError("--scenario cannot be combined with --slo or --slo-row");
    } else if (!args.has("--slo") || !args.has("--slo-row") || !args.has("--profiles")) {
        throw UsageError("give --scenario FILE, or --profiles DIR --slo DIR --slo-row ROWS");
    }
}

// The profile folder and either the SLO folder or the scenario file, loaded as the app loads a
// MIG inference run's inputs (the kind's loadInputs): the same checks and the same file records.
std::shared_ptr<const InferenceWorld> loadWorld(const CommandLine& args)
{
    std::map<std::string, std::string> paths{{"profiles", profilesDirectory(args)}};
    if (args.has("--scenario"))
        paths["scenario"] = args.value("--scenario");
    else
        paths["slo"] = args.value("--slo");
    LoadWarnings warnings;
    auto world = std::dynamic_pointer_cast<const InferenceWorld>(
        RunKindRegistry::kind(InferenceRun::kKind).loadInputs(paths, warnings));
    printWarnings(warnings);
    return world;
}

InferenceScenario scenarioFrom(const CommandLine& args, const InferenceWorld& world, double duration)
{
    if (world.scenario()) {
        InferenceScenario scenario = *world.scenario();
        if (args.has("--duration"))
            scenario.durationS = duration;
        return scenario;
    }
    SloRowSelection rows;
    try {
        rows = parseSloRows(args.value("--slo-row"), world.slo()->rowCount());
    } catch (const std::invalid_argument& e) {
        throw UsageError(std::string("--slo-row: ") + e.what());
    }
    return parvaScenario(*world.slo(), rows, duration);
}

// How the study can make the run of `policy` again (RunRecipe): the request the app's Run panel
// would make for the same options. Nothing when an option has no parameter of the kind
// (--size-sigma, --duration with a scenario file, a step under a second): such a run is saved
// without a recipe and cannot be forked once reopened.
std::optional<RunRecipe> recipeOf(const CommandLine& args, const InferenceOptions& options, const InferenceWorld& world,
                                  const std::string& policy)
{
    if (args.has("--size-sigma") || (args.has("--scenario") && args.has("--duration")))
        return std::nullopt;
    const RunKind& kind = RunKindRegistry::kind(InferenceRun::kKind);
    RunRequest request{policy,
                       {{"duration", fmt::format("{}", options.durationS)},
                        {"step", fmt::format("{}", options.stepS)},
                        {"seed", fmt::format("{}", options.seed)},
                        {"gpu", options.gpuType},
                        {"buckets", fmt::format("{}", options.buckets)},
                        {"reconfig_delay", fmt::format("{}", options.reconfigDelayS)}}};
    if (!options.predictor.empty())
        request.values["predictor"] = options.predictor;
    if (world.slo()) {
        const SloRowSelection rows = parseSloRows(args.value("--slo-row"), world.slo()->rowCount());
        request.values["slo_row"] = fmt::format("{}", rows.row);
        request.values["switch_row"] = fmt::format("{}", rows.switchRow);
        if (rows.switchRow > 0)
            request.values["switch_at"] = fmt::format("{}", rows.switchAtS);
    }
    if (kind.requestProblem(request))
        return std::nullopt;
    return RunRecipe::of(kind, world, request);
}

}  // namespace

int inferenceCommand(int argc, char** argv)
{
    const CommandLine args(argc, argv, 2,
                           {"--scenario", "--profiles", "--slo", "--slo-row", "--policy", "--gpu", "--duration",
                            "--step", "--seed", "--predictor", "--buckets", "--size-sigma", "--reconfig-delay",
                            "--threads", "--csv", "--plan", "--db", "--shard"},
                           {"--quiet", "--help"});
    if (args.has("--help")) {
        std::fputs(kHelp, stdout);
        return 0;
    }
    const std::vector<std::string> specs = args.values("--policy");
    if (specs.empty())
        throw UsageError("give at least one --policy (elasticbatch, mig-disabled, oracle, parvagpu, static:LAYOUT)");
    InferenceOptions options;
    options.gpuType = args.value("--gpu", "A100-80GB");
    const MigGpuType* gpu = MigGpuType::find(options.gpuType);
    if (!gpu)
        throw UsageError(fmt::format("--gpu must be one of {} (got \"{}\")", fmt::join(MigGpuType::names(), ", "),
                                     printableExcerpt(options.gpuType)));
    options.gpuType = gpu->name();
    options.durationS = args.number("--duration", 600, 1, 1e7);
    options.stepS = args.number("--step", 60, 0.001, 1e7);
    options.seed = static_cast<uint64_t>(args.integer("--seed", 42, 0, INT64_MAX));
    options.predictor = args.value("--predictor", "");
    if (!options.predictor.empty() && options.predictor != "learned" && options.predictor != "table")
        throw UsageError(fmt::format("--predictor must be learned or table (got \"{}\")",
                                     printableExcerpt(options.predictor)));
    options.buckets = static_cast<int>(args.integer("--buckets", 4, 1, 64));
    options.sizeSigma = args.has("--size-sigma") ? args.number("--size-sigma", 0, 0, 2) : -1;
    options.reconfigDelayS = args.number("--reconfig-delay", 5, 0, 3600);
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    options.threads = unsigned(args.integer("--threads", cores, 1, 1024));
    if (options.durationS / options.stepS > 1e6)
        throw UsageError("--duration / --step gives more than a million rows: choose a longer --step");

    checkScenarioOptions(args);
    std::vector<std::shared_ptr<const InferencePolicy>> policies;
    std::vector<std::string> canonical;
    for (const std::string& spec : specs) {
        try {
            policies.push_back(InferencePolicyRegistry::instance().create(spec, *gpu));
        } catch (const std::invalid_argument& e) {
            throw UsageError(fmt::format("--policy {}: {}", printableExcerpt(spec), e.what()));
        }
        canonical.push_back(policies.back()->spec());
    }
    requireDistinctPolicies(specs, canonical);
    // One run per policy, numbered in the order given (contracts.md 8.3); a shard keeps its own.
    const RunShard shard = shardOption(args);
    const size_t sweepRuns = policies.size();
    const std::vector<size_t> runNumbers = shard.numbers(sweepRuns);
    policies = shard.pick(policies);
    const std::vector<std::string> shardSpecs = shard.pick(specs);

    // Outputs open before any work, so a wrong path fails at once (contracts.md 3.4).
    std::optional<OrderedOutput> csv, plan;
    if (args.has("--csv"))
        csv.emplace(args.value("--csv"), inferenceSeriesHeader(), policies.size());
    if (args.has("--plan"))
        plan.emplace(args.value("--plan"), inferencePlanHeader(), policies.size());

    // A study opens before any work too: a foreign, damaged or read-only one fails at once.
    std::optional<StudyStore> study;
    if (args.has("--db"))
        study.emplace(SweepShard::studyPath(args));
    SweepShard sweep("inference", args, shard, study ? &*study : nullptr, sweepRuns, runNumbers,
                     inferenceSeriesHeader());

    const std::shared_ptr<const InferenceWorld> world = loadWorld(args);
    const InferenceScenario scenario = scenarioFrom(args, *world, options.durationS);

    const RunReport report(args);
    ProgressLine progress(policies.size(), !report.quiet());
    std::vector<InferenceResult> results;
    std::vector<int64_t> savedIds;
    for (size_t i = 0; i < policies.size(); ++i) {
        const auto run = InferenceRun::simulate(world, scenario, {PolicyPhase{.fromS = 0, .policy = policies[i]}}, options);
        results.push_back(run->result());
        if (csv || sweep.on()) {
            const std::string rows = inferenceSeriesRows(results.back());
            if (csv) {
                csv->append(i, rows);
                csv->finish(i);
            }
            sweep.keep(i, rows);
        }
        if (plan) {
            plan->append(i, inferencePlanRows(results.back(), *gpu));
            plan->finish(i);
        }
        if (study)
            savedIds.push_back(
                RunArchive::save(*study, *run, {}, std::nullopt, recipeOf(args, options, *world, shardSpecs[i])));
        progress.done();
    }
    progress.finish();
    sweep.finish(savedIds);
    if (csv)
        csv->close();
    if (plan)
        plan->close();
    report.print(inferenceSummaryTable(results));
    if (study)
        report.savedRuns(study->path(), savedIds);
    return 0;
}

}  // namespace tessera::cli
