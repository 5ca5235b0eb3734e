// tessera-cli training: training jobs on a fixed cluster with GPU variability, placed round by
// round (contracts.md 9, --mode place). Runs go through the training-placement run kind, so the
// CLI, the app and a study see the same runs.
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "cli/ProgressLine.h"
#include "cli/RunReport.h"
#include "cli/SweepShard.h"
#include "cli/TrainingRentCommand.h"
#include "cli/WarningLines.h"
#include "report/OrderedOutput.h"
#include "sim/BatchRunner.h"
#include "run/RunKindRegistry.h"
#include "run/RunRecipe.h"
#include "store/RunArchive.h"
#include "store/StudyStore.h"
#include "training/placement/TrainingPlacementCsv.h"
#include "training/placement/TrainingPlacementInputs.h"
#include "training/placement/TrainingPlacementKind.h"
#include "training/placement/TrainingPlacementRun.h"
#include "util/PrintableText.h"
#include "util/UsageError.h"

#include <fmt/format.h>

#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace tessera::cli {
namespace {

const char* kHelp =
    "usage: tessera-cli training --jobs FILE --mode place --cluster NODESxGPUS [--variability DIR]\n"
    "         --policy POLICY [--policy POLICY ...] [--scheduler fifo|las|srtf] [--locality 1.7]\n"
    "         [--round 360] [--seed 42] [--threads N] [--csv OUT.csv] [--rounds OUT.csv]\n"
    "         [--db STUDY.sqlite] [--shard I/N] [--quiet]\n"
    "       tessera-cli training --jobs FILE --mode rent --policy RENT [--policy RENT ...]\n"
    "         (--budget GPUS | --sweep LO:HI:STEP) [--profiles DIR] [--seed 42] [--threads N]\n"
    "         [--csv OUT.csv] [--db STUDY.sqlite] [--shard I/N] [--quiet]\n"
    "\n"
    "Places rigid training jobs round by round on a fixed cluster whose GPUs vary in speed\n"
    "(PAL, SC'24) and reports every job's completion time.\n"
    "  POLICY := pal | pmfirst | packed | packed-sticky | random | random-sticky\n"
    "            (packed-sticky is Default-Packed-S: a running job keeps its GPUs)\n"
    "  --jobs FILE         a job file: Tessera's format, pal-sia-philly's CSV, a Gavel .trace\n"
    "                      (gavel-msr) or the Philly log (pollux-osdi21/.../philly.csv), told apart by\n"
    "                      the first line (docs/cli.md); Pollux workloads give no iteration counts\n"
    "                      and are for --mode rent. Gavel traces give no iteration times: 1 s each\n"
    "  --mode place|rent   place: a fixed cluster (below); rent: GPUs rented under a budget\n"
    "  --cluster 16x4      nodes x GPUs per node\n"
    "  --variability DIR   pal-sia-philly/variability: per-GPU scores drawn from its profiles with\n"
    "                      --seed (42 gives PAL's published table); without it every GPU scores 1.0\n"
    "  --scheduler         the job order each round: fifo (default), las or srtf\n"
    "  --locality L        how much slower a job spanning nodes runs (1-10, default 1.7)\n"
    "  --round S           seconds per round (default 360)\n"
    "  --seed N            the variability draw's and the random placements' seed (default 42)\n"
    "  --threads N         policies run in parallel on N threads (default: the cores); the outputs\n"
    "                      are byte-identical at any N\n"
    "  --csv FILE          one row per job: policy,seed,job_id,arrival_s,start_s,end_s,jct_s,gpus,cost_gpu_h\n"
    "  --rounds FILE       one row per round: policy,seed,round,time_s,jobs_running,jobs_queued,\n"
    "                      free_gpus,utilisation_pct,preemptions\n"
    "  --db FILE           save every run to this study (tessera-cli runs, chart and the app open it)\n"
    "  --quiet             no progress and nothing on stdout (no summary table, no \"saved to\" line)\n"
    "\n"
    "Rent mode: malleable jobs on rented GPUs, the time-average GPUs rented held to a budget.\n"
    "  RENT := boa | fixed:K | autoscale | hesrpt | greedy\n"
    "  --jobs FILE         a Pollux workload (pollux-osdi21/simulator/workloads*/): speedups and sizes from\n"
    "                      the applications' profiles in the traces/ folder beside it; other formats need\n"
    "                      jobs of the six Pollux applications\n"
    "  --profiles DIR      the Pollux applications' profiles (pollux-osdi21/simulator/traces); default:\n"
    "                      the traces/ folder beside the workload's folder\n"
    "  --budget GPUS       the time-average GPUs rented, over first arrival to last completion; below the\n"
    "                      workload's floor (every job on one GPU from its arrival) it is a usage error\n"
    "  --sweep LO:HI:STEP  one block of runs per budget, LO to HI by STEP (instead of --budget)\n"
    "  --csv FILE          one row per job: policy,seed,job_id,arrival_s,start_s,end_s,jct_s,gpus,cost_gpu_h\n"
    "                      (with --sweep a budget column after seed)\n"
    "  A policy that cannot be held within 2% of its budget is named in a warning on stderr.\n";

// "16x4" -> (16, 4).
std::pair<std::string, std::string> parseCluster(const std::string& text)
{
    const auto x = text.find_first_of("xX");
    const auto digits = [](const std::string& s) {
        return !s.empty() && s.size() <= 6 && s.find_first_not_of("0123456789") == std::string::npos;
    };
    if (x == std::string::npos || !digits(text.substr(0, x)) || !digits(text.substr(x + 1)))
        throw UsageError(fmt::format("--cluster must be NODESxGPUS, e.g. 16x4 (got \"{}\")", printableExcerpt(text)));
    return {std::to_string(std::stoul(text.substr(0, x))), std::to_string(std::stoul(text.substr(x + 1)))};
}

}  // namespace

int trainingCommand(int argc, char** argv)
{
    const CommandLine args(argc, argv, 2,
                           {"--jobs", "--mode", "--cluster", "--variability", "--policy", "--scheduler", "--locality",
                            "--round", "--seed", "--threads", "--csv", "--rounds", "--db", "--budget", "--sweep",
                            "--profiles", "--shard"},
                           {"--quiet", "--help"});
    if (args.has("--help")) {
        std::fputs(kHelp, stdout);
        return 0;
    }
    const std::string mode = args.required("--mode");
    if (mode == "rent")
        return trainingRentCommand(args);
    if (mode != "place")
        throw UsageError(fmt::format("--mode must be place or rent (got \"{}\")", printableExcerpt(mode)));
    for (const char* flag : {"--budget", "--sweep", "--profiles"})
        if (args.has(flag))
            throw UsageError(fmt::format("{} belongs to --mode rent; --mode place runs a fixed --cluster", flag));
    const std::string jobsPath = args.required("--jobs");
    const RunKind& kind = RunKindRegistry::kind(TrainingPlacementRun::kKind);

    const std::vector<std::string> specs = args.values("--policy");
    if (specs.empty())
        throw UsageError("give at least one --policy (pal, pmfirst, packed, packed-sticky, random, random-sticky)");
    std::vector<std::string> policies;
    for (const std::string& spec : specs)
        policies.push_back(kind.canonicalPolicy(spec));
    requireDistinctPolicies(specs, policies);

    // Each value is checked by the kind's parameter, and named by the flag that gave it.
    RunRequest request;
    const auto set = [&](const std::string& flag, const std::string& name, const std::string& value) {
        if (const auto problem = kind.parameter(name)->problemAfter(flag, value))
            throw UsageError(*problem);
        request.values[name] = value;
    };
    const auto cluster = parseCluster(args.required("--cluster"));
    set("--cluster", "nodes", cluster.first);
    set("--cluster", "gpus_per_node", cluster.second);
    const std::map<std::string, std::string> flags{
        {"--scheduler", "scheduler"}, {"--locality", "locality"}, {"--round", "round"}, {"--seed", "seed"}};
    for (const auto& [flag, name] : flags)
        if (args.has(flag))
            set(flag, name, args.value(flag));
    for (const std::string& policy : policies) {
        request.policy = policy;
        if (const auto problem = kind.requestProblem(request))
            throw UsageError(*problem);
    }
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const unsigned threads = unsigned(args.integer("--threads", cores, 1, 1024));
    // One run per policy, numbered in the order given (contracts.md 9); a shard keeps its own.
    const RunShard shard = shardOption(args);
    const size_t sweepRuns = policies.size();
    const std::vector<size_t> runNumbers = shard.numbers(sweepRuns);
    policies = shard.pick(policies);

    // Outputs and the study open before any work, so a wrong path fails at once (contracts.md 3.4).
    std::optional<OrderedOutput> csv, rounds;
    if (args.has("--csv"))
        csv.emplace(args.value("--csv"), placementJobHeader(), policies.size());
    if (args.has("--rounds"))
        rounds.emplace(args.value("--rounds"), placementRoundsHeader(), policies.size());
    std::optional<StudyStore> study;
    if (args.has("--db"))
        study.emplace(SweepShard::studyPath(args));
    SweepShard sweep("training", args, shard, study ? &*study : nullptr, sweepRuns, runNumbers, placementJobHeader());

    std::map<std::string, std::string> paths{{TrainingPlacementKind::kJobsRole, jobsPath}};
    if (args.has("--variability"))
        paths[TrainingPlacementKind::kVariabilityRole] = args.value("--variability");
    LoadWarnings warnings;
    const auto inputs = kind.loadInputs(paths, warnings);
    printWarnings(warnings);
    // A job wider than the cluster, named by its line and by the flag that sets the cluster.
    dynamic_cast<const TrainingPlacementInputs&>(*inputs).checkFits(
        uint32_t(std::stoul(cluster.first)), uint32_t(std::stoul(cluster.second)),
        fmt::format("--cluster {}x{}", cluster.first, cluster.second));

    // One run per policy on a pool of threads; each writes only its own slot and its own part of
    // the outputs, which come out in the order given whatever the thread count (contracts.md 5).
    const RunReport report(args);
    ProgressLine progress(policies.size(), !report.quiet());
    std::vector<std::unique_ptr<Run>> runs(policies.size());
    std::vector<PlacementOutcome> outcomes(policies.size());
    BatchRunner::run(policies.size(), threads, [&](size_t i) {
        RunRequest own = request;
        own.policy = policies[i];
        runs[i] = kind.simulate(inputs, own);
        const auto& run = dynamic_cast<const TrainingPlacementRun&>(*runs[i]);
        outcomes[i] = {policies[i], run.info().seed, &run.result()};
        if (csv || sweep.on()) {
            const std::string rows = placementJobRows(outcomes[i]);
            if (csv) {
                csv->append(i, rows);
                csv->finish(i);
            }
            sweep.keep(i, rows);
        }
        if (rounds) {
            rounds->append(i, placementRoundsRows(outcomes[i]));
            rounds->finish(i);
        }
        progress.done();
    });
    // Saved after the batch, in the order given, so run ids follow the policies.
    // Each with its recipe (the job file and variability folder by role, the request), so the
    // study lists the job file and a reopened run can be forked.
    std::vector<int64_t> savedIds;
    if (study)
        for (size_t i = 0; i < runs.size(); ++i) {
            RunRequest own = request;
            own.policy = policies[i];
            savedIds.push_back(RunArchive::save(*study, *runs[i], {}, std::nullopt, RunRecipe::of(kind, *inputs, own)));
        }
    sweep.finish(savedIds);
    progress.finish();
    if (csv)
        csv->close();
    if (rounds)
        rounds->close();
    report.print(placementSummaryTable(outcomes));
    if (study)
        report.savedRuns(study->path(), savedIds);
    return 0;
}

}  // namespace tessera::cli
