// tessera-cli simulate: policies x seeds over one trace, in parallel, with outputs in a
// fixed order whatever the thread count (contracts.md 3.1, 3.2, 5).
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "cli/ProgressLine.h"
#include "cli/RunReport.h"
#include "cli/SweepShard.h"
#include "cli/WarningLines.h"
#include "io/TraceLoader.h"
#include "report/OrderedOutput.h"
#include "sched/PolicyGrid.h"
#include "report/SimulationCsv.h"
#include "report/SummaryTable.h"
#include "run/PodTrace.h"
#include "sim/BatchRunner.h"
#include "sim/GridSampler.h"
#include "store/StudyBatch.h"
#include "store/StudyStore.h"
#include "util/PrintableText.h"
#include "util/UsageError.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <thread>

#include <fmt/format.h>

namespace tessera::cli {

namespace {

const char* kHelp =
    "usage: tessera-cli simulate --nodes N.csv --pods P.csv --policy SPEC [--policy SPEC ...]\n"
    "         [--seeds 42 | 42-51 | 42,45,50] [--tune 1.3] [--points 5]\n"
    "         [--mode experiment|replay] [--step 3600] [--tie-order seeded|name] [--threads N]\n"
    "         [--csv OUT.csv] [--decisions OUT.csv] [--db STUDY.sqlite] [--gpu-models FILE]\n"
    "         [--skip-bad-rows] [--shard I/N] [--quiet] [--engine index|scan]\n"
    "SPEC may sweep a weight: --policy 'pwr:0..1000/50,fgd:1000-$pwr' (docs/cli.md \"Policy grids\").\n"
    "--engine scan scores every node for every decision: a diagnostic, the same results, slower.\n"
    "--quiet: no progress and nothing on stdout (no summary table, no \"saved to\" line); the files\n"
    "asked for are written as ever, and errors and warnings still go to stderr.\n";

// A replay writes a CSV row per --step over the trace's whole span: refused before simulating
// when that is absurd (a deletion_time far in the future, --step 1 over months).
void checkReplayRows(const PodList& pods, int64_t step)
{
    const PodSpec* earliest = nullptr;
    const PodSpec* latest = nullptr;
    int64_t latestTime = 0;
    for (const auto& pod : pods.pods) {
        const int64_t created = pod.creationTime.value_or(0);
        const int64_t end = std::max(created, pod.deletionTime.value_or(created));
        if (!earliest || created < earliest->creationTime.value_or(0))
            earliest = &pod;
        if (!latest || end > latestTime)
            latest = &pod, latestTime = end;
    }
    if (!earliest)
        return;
    const int64_t first = earliest->creationTime.value_or(0);
    const uint64_t rows = SimulationCsv::replayRowCount(first, latestTime, step);
    if (rows > SimulationCsv::kMaxReplayRows)
        throw InputError::fileLevel(
            pods.path, fmt::format("the replay spans {} s, from pod {}'s creation_time to pod {}'s last time {}: at "
                                   "--step {} that is {} CSV rows per run, more than {}; use a larger --step",
                                   latestTime - first, printableExcerpt(earliest->name), printableExcerpt(latest->name),
                                   latestTime, step, rows, SimulationCsv::kMaxReplayRows));
}

}  // namespace

int simulateCommand(int argc, char** argv)
{
    const CommandLine args(argc, argv, 2,
                           {"--nodes", "--pods", "--policy", "--seeds", "--tune", "--points", "--mode", "--step",
                            "--tie-order", "--threads", "--csv", "--decisions", "--db", "--gpu-models", "--shard",
                            "--engine"},
                           {"--quiet", "--skip-bad-rows", "--help"});
    if (args.has("--help")) {
        std::fputs(kHelp, stdout);
        return 0;
    }
    const std::string nodesPath = args.required("--nodes");
    const std::string podsPath = args.required("--pods");
    if (args.values("--policy").empty())
        throw UsageError("--policy is required");
    // A policy grid stands for its specs, in place and in grid order (docs/cli.md "Policy grids"),
    // so the runs, their numbers under --shard and every output are those of the specs listed.
    std::vector<PolicySpec> policies;
    std::vector<std::string> given, canonical;
    for (auto& expanded : PolicyGrid::expandAll(args.values("--policy"))) {
        canonical.push_back(expanded.spec.canonical());
        given.push_back(std::move(expanded.given));
        policies.push_back(std::move(expanded.spec));
    }
    requireDistinctPolicies(given, canonical);
    const auto seeds = parseSeeds(args.value("--seeds", "42"));
    const double tune = args.number("--tune", 1.3, RunParameters::kMinTune, RunParameters::kMaxTune);
    const int points = int(args.integer("--points", 5, 1, 100));
    const std::string modeText = args.value("--mode", "experiment");
    if (modeText != "experiment" && modeText != "replay")
        throw UsageError(fmt::format("--mode must be experiment or replay (got \"{}\")", modeText));
    const SimulationMode mode = modeText == "replay" ? SimulationMode::Replay : SimulationMode::Experiment;
    const int64_t step = args.integer("--step", 3600, 1, RunParameters::kMaxReplayStepSeconds);
    const std::string tieText = args.value("--tie-order", "seeded");
    if (tieText != "seeded" && tieText != "name")
        throw UsageError(fmt::format("--tie-order must be seeded or name (got \"{}\")", tieText));
    const std::string engineText = args.value("--engine", "index");
    if (engineText != "index" && engineText != "scan")
        throw UsageError(fmt::format("--engine must be index or scan (got \"{}\")", printableExcerpt(engineText)));
    const SchedulerEngine engine = engineText == "scan" ? SchedulerEngine::Scan : SchedulerEngine::Index;
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const unsigned threads = unsigned(args.integer("--threads", cores, 1, 1024));
    const RunReport report(args);
    const RunShard shard = shardOption(args);

    LoadOptions load;
    load.skipBadRows = args.has("--skip-bad-rows");
    LoadWarnings warnings;
    const Cluster cluster = TraceLoader::loadCluster(nodesPath, args.value("--gpu-models"), load, warnings);
    const PodList pods = TraceLoader::loadPods(podsPath, cluster.registry, load, warnings);
    printWarnings(warnings);
    if (mode == SimulationMode::Replay && !pods.hasTimes)
        throw InputError::fileLevel(podsPath, "no creation_time and deletion_time columns: this pod list cannot "
                                              "be replayed (use --mode experiment)");
    if (mode == SimulationMode::Replay && args.has("--csv"))
        checkReplayRows(pods, step);
    const TraceModels models(cluster, pods.pods);

    // Opened before simulating, so that a foreign or damaged study fails in a second, not
    // after the whole batch.
    std::optional<StudyStore> study;
    std::vector<RunRecord::TraceFile> inputs;
    if (args.has("--db")) {
        study.emplace(SweepShard::studyPath(args));
        inputs = PodTrace::fileRecords(nodesPath, podsPath, args.value("--gpu-models"), warnings);
    }

    // Run number n (contract order: policies as given, then seeds ascending) is policy n / seeds,
    // seed n % seeds; a shard runs its numbers only, and its outputs hold just their rows.
    const size_t sweepRuns = policies.size() * seeds.size();
    const std::vector<size_t> runNumbers = shard.numbers(sweepRuns);
    const size_t jobs = runNumbers.size();
    const std::string csvHeader =
        mode == SimulationMode::Experiment ? SimulationCsv::gridHeader() : SimulationCsv::replayHeader();
    // Opened before simulating (a wrong path fails at once) and streamed in contract order.
    std::optional<OrderedOutput> csv, decisions;
    if (args.has("--csv"))
        csv.emplace(args.value("--csv"), csvHeader, jobs);
    if (args.has("--decisions"))
        decisions.emplace(args.value("--decisions"), SimulationCsv::decisionsHeader(), jobs);
    std::vector<RunSummary> summaries(jobs);
    // Each finished run goes to the batch's staging file and is dropped: memory holds only the
    // runs in progress, whatever the batch's size.
    std::optional<StudyBatch> batch;
    if (study)
        batch.emplace(*study, cluster, inputs, jobs);
    SweepShard sweep("simulate", args, shard, study ? &*study : nullptr, sweepRuns, runNumbers, csvHeader);
    const int maxPct = int(std::floor(tune * 100 + 1e-9));
    ProgressLine progress(jobs, !report.quiet());
    BatchRunner::run(jobs, threads, [&](size_t job) {
        const size_t number = runNumbers[job];
        const PolicySpec& policy = policies[number / seeds.size()];
        RunParameters params;
        params.policy = policy;
        params.seed = seeds[number % seeds.size()];
        params.mode = mode;
        params.tune = tune;
        params.tieOrder = tieText == "name" ? TieOrderKind::Name : TieOrderKind::Seeded;
        params.replayStepSeconds = step;
        const auto start = std::chrono::steady_clock::now();
        PodSimulation simulation(models, params);
        simulation.setEngine(engine);
        auto result = simulation.run(pods);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const std::string name = policy.canonical();
        if (csv || sweep.on()) {
            const auto add = [&](std::string_view rows) {
                if (csv)
                    csv->append(job, rows);
                sweep.keep(job, rows);
            };
            if (mode == SimulationMode::Experiment)
                add(SimulationCsv::gridRows(name, params.seed, GridSampler::sample(*result, points, maxPct)));
            else
                SimulationCsv::replayRows(name, *result, step, add);
            if (csv)
                csv->finish(job);
        }
        if (decisions) {
            SimulationCsv::decisionRows(name, *result, cluster.nodes,
                                        [&](std::string_view rows) { decisions->append(job, rows); });
            decisions->finish(job);
        }
        summaries[job] = RunSummary::of(name, *result, seconds);
        if (batch)
            batch->add(job, *result);
        progress.done();
    });
    progress.finish();

    if (csv)
        csv->close();
    if (decisions)
        decisions->close();
    std::vector<int64_t> savedIds;
    if (batch)
        savedIds = batch->commit();
    sweep.finish(savedIds);
    report.print(SummaryTable::render(summaries, mode));
    if (warnings.skippedRows > 0)
        report.print(fmt::format("skipped rows: {}\n", warnings.skippedRows));
    if (study)
        report.savedRuns(study->path(), savedIds);
    return 0;
}

}  // namespace tessera::cli
