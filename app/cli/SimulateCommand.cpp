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
#include "run/InputGrid.h"
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
#include <memory>
#include <optional>
#include <thread>

#include <fmt/format.h>

namespace tessera::cli {

namespace {

// The axes of simulate's grid over inputs, outermost first.
constexpr size_t kNodesAxis = 0;
constexpr size_t kPodsAxis = 1;

const char* kHelp =
    "usage: tessera-cli simulate --nodes N.csv --pods P.csv --policy SPEC [--policy SPEC ...]\n"
    "         [--seeds 42 | 42-51 | 42,45,50] [--tune 1.3] [--points 5]\n"
    "         [--mode experiment|replay] [--step 3600] [--tie-order seeded|name] [--threads N]\n"
    "         [--csv OUT.csv] [--decisions OUT.csv] [--db STUDY.sqlite] [--gpu-models FILE]\n"
    "         [--skip-bad-rows] [--shard I/N] [--quiet] [--engine index|scan]\n"
    "SPEC may sweep a weight: --policy 'pwr:0..1000/50,fgd:1000-$pwr' (docs/cli.md \"Policy grids\").\n"
    "--nodes and --pods may be given several times: the runs are every node list x pod list x policy x\n"
    "seed, and --csv/--decisions then name one file per input point with {nodes} and {pods}, e.g.\n"
    "--csv 'out/grid-{pods}-{nodes}.csv' (docs/cli.md \"Grids over inputs\").\n"
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

// The summary table; for a grid over inputs, one per input point (that has runs in this shard),
// each under a heading naming its node list and pod list.
std::string summaryText(const InputGrid& grid, const std::vector<size_t>& runNumbers, size_t perPoint,
                        const std::vector<RunSummary>& summaries, SimulationMode mode)
{
    if (grid.isSingle())
        return SummaryTable::render(summaries, mode);
    std::string text;
    for (size_t point = 0; point < grid.pointCount(); ++point) {
        std::vector<RunSummary> ofPoint;
        for (size_t job = 0; job < runNumbers.size(); ++job)
            if (runNumbers[job] / perPoint == point)
                ofPoint.push_back(summaries[job]);
        if (ofPoint.empty())
            continue;
        text += fmt::format("{}{}:\n", text.empty() ? "" : "\n", grid.describe(point));
        text += SummaryTable::render(ofPoint, mode);
    }
    return text;
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
    // Several --nodes (cluster scales) and --pods make a grid over inputs (docs/cli.md "Grids over
    // inputs"): node lists outermost, then pod lists, each in the order given.
    std::vector<InputGrid::Axis> axes = InputGrid::podTraceAxes();
    for (InputGrid::Axis& axis : axes)
        axis.paths = args.values(axis.flag);
    const InputGrid grid = InputGrid::of(std::move(axes));
    const std::vector<std::string>& nodesPaths = grid.axes()[kNodesAxis].paths;
    const std::vector<std::string>& podsPaths = grid.axes()[kPodsAxis].paths;
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

    for (const char* flag : {"--csv", "--decisions"})
        if (args.has(flag))
            grid.checkPattern(flag, args.value(flag));

    LoadOptions load;
    load.skipBadRows = args.has("--skip-bad-rows");
    LoadWarnings warnings;
    const std::string gpuModelsPath = args.value("--gpu-models");
    std::vector<Cluster> clusters;
    for (const std::string& path : nodesPaths)
        clusters.push_back(TraceLoader::loadCluster(path, gpuModelsPath, load, warnings));
    // The model registry comes from --gpu-models alone: one for every node list.
    std::vector<PodList> podLists;
    for (const std::string& path : podsPaths)
        podLists.push_back(TraceLoader::loadPods(path, clusters.front().registry, load, warnings));
    printWarnings(warnings);
    grid.requireDistinctContents(warnings.contentHashes);
    for (const PodList& pods : podLists) {
        if (mode == SimulationMode::Replay && !pods.hasTimes)
            throw InputError::fileLevel(pods.path, "no creation_time and deletion_time columns: this pod list cannot "
                                                   "be replayed (use --mode experiment)");
        if (mode == SimulationMode::Replay && args.has("--csv"))
            checkReplayRows(pods, step);
    }
    // One input point per (node list, pod list); its models refer to its cluster, whose address
    // no longer changes.
    const size_t pointCount = grid.pointCount();
    std::vector<std::unique_ptr<const TraceModels>> models;
    for (size_t p = 0; p < pointCount; ++p)
        models.push_back(std::make_unique<const TraceModels>(clusters[grid.indexOn(p, kNodesAxis)],
                                                             podLists[grid.indexOn(p, kPodsAxis)].pods));

    // Opened before simulating, so that a foreign or damaged study fails in a second, not
    // after the whole batch.
    std::optional<StudyStore> study;
    std::vector<StudyBatch::Source> sources;
    if (args.has("--db")) {
        study.emplace(SweepShard::studyPath(args));
        for (size_t p = 0; p < pointCount; ++p) {
            const size_t n = grid.indexOn(p, kNodesAxis);
            sources.push_back({&clusters[n], PodTrace::fileRecords(nodesPaths[n], podsPaths[grid.indexOn(p, kPodsAxis)],
                                                                   gpuModelsPath, warnings)});
        }
    }

    // Run number n (contract order: node lists, pod lists, policies as given, then seeds
    // ascending) is input point n / perPoint, then policy and seed within it; one point numbers
    // its runs as a command of one trace. A shard runs its numbers only, and its outputs hold
    // just their rows.
    const size_t perPoint = policies.size() * seeds.size();
    const size_t sweepRuns = pointCount * perPoint;
    const std::vector<size_t> runNumbers = shard.numbers(sweepRuns);
    const size_t jobs = runNumbers.size();
    // Each point's outputs are files of their own, written in job order within the point.
    std::vector<size_t> pointJobs(pointCount, 0), slotInPoint(jobs);
    for (size_t job = 0; job < jobs; ++job)
        slotInPoint[job] = pointJobs[runNumbers[job] / perPoint]++;
    const std::string csvHeader =
        mode == SimulationMode::Experiment ? SimulationCsv::gridHeader() : SimulationCsv::replayHeader();
    // Opened before simulating (a wrong path fails at once) and streamed in contract order.
    std::vector<std::unique_ptr<OrderedOutput>> csv, decisions;
    for (size_t p = 0; p < pointCount; ++p) {
        if (args.has("--csv"))
            csv.push_back(std::make_unique<OrderedOutput>(grid.outputPath(args.value("--csv"), p), csvHeader,
                                                          pointJobs[p]));
        if (args.has("--decisions"))
            decisions.push_back(std::make_unique<OrderedOutput>(grid.outputPath(args.value("--decisions"), p),
                                                                SimulationCsv::decisionsHeader(), pointJobs[p]));
    }
    std::vector<RunSummary> summaries(jobs);
    // Each finished run goes to the batch's staging file and is dropped: memory holds only the
    // runs in progress, whatever the batch's size.
    std::optional<StudyBatch> batch;
    if (study)
        batch.emplace(*study, sources, jobs);
    SweepShard sweep("simulate", args, shard, study ? &*study : nullptr, sweepRuns, runNumbers, csvHeader);
    const int maxPct = int(std::floor(tune * 100 + 1e-9));
    ProgressLine progress(jobs, !report.quiet());
    BatchRunner::run(jobs, threads, [&](size_t job) {
        const size_t number = runNumbers[job];
        const size_t point = number / perPoint;
        const PolicySpec& policy = policies[number % perPoint / seeds.size()];
        RunParameters params;
        params.policy = policy;
        params.seed = seeds[number % perPoint % seeds.size()];
        params.mode = mode;
        params.tune = tune;
        params.tieOrder = tieText == "name" ? TieOrderKind::Name : TieOrderKind::Seeded;
        params.replayStepSeconds = step;
        const auto start = std::chrono::steady_clock::now();
        PodSimulation simulation(*models[point], params);
        simulation.setEngine(engine);
        auto result = simulation.run(podLists[grid.indexOn(point, kPodsAxis)]);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const std::string name = policy.canonical();
        const size_t slot = slotInPoint[job];
        OrderedOutput* const pointCsv = csv.empty() ? nullptr : csv[point].get();
        if (pointCsv || sweep.on()) {
            const auto add = [&](std::string_view rows) {
                if (pointCsv)
                    pointCsv->append(slot, rows);
                sweep.keep(job, rows);
            };
            if (mode == SimulationMode::Experiment)
                add(SimulationCsv::gridRows(name, params.seed, GridSampler::sample(*result, points, maxPct)));
            else
                SimulationCsv::replayRows(name, *result, step, add);
            if (pointCsv)
                pointCsv->finish(slot);
        }
        if (!decisions.empty()) {
            OrderedOutput& out = *decisions[point];
            SimulationCsv::decisionRows(name, *result, clusters[grid.indexOn(point, kNodesAxis)].nodes,
                                        [&](std::string_view rows) { out.append(slot, rows); });
            out.finish(slot);
        }
        summaries[job] = RunSummary::of(name, *result, seconds);
        if (batch)
            batch->add(job, *result, {}, point);
        progress.done();
    });
    progress.finish();

    for (auto& out : csv)
        out->close();
    for (auto& out : decisions)
        out->close();
    std::vector<int64_t> savedIds;
    if (batch)
        savedIds = batch->commit();
    sweep.finish(savedIds);
    report.print(summaryText(grid, runNumbers, perPoint, summaries, mode));
    if (warnings.skippedRows > 0)
        report.print(fmt::format("skipped rows: {}\n", warnings.skippedRows));
    if (study)
        report.savedRuns(study->path(), savedIds);
    return 0;
}

}  // namespace tessera::cli
