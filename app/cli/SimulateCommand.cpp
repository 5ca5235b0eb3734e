// tessera-cli simulate: policies x seeds over one trace, in parallel, with outputs in a
// fixed order whatever the thread count (contracts.md 3.1, 3.2, 5).
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "cli/ProgressLine.h"
#include "io/TraceLoader.h"
#include "report/SimulationCsv.h"
#include "report/SummaryTable.h"
#include "run/PodTrace.h"
#include "sim/BatchRunner.h"
#include "sim/GridSampler.h"
#include "store/StudyStore.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
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
    "         [--skip-bad-rows] [--quiet]\n";

void writeFile(const std::string& path, const std::string& header, const std::vector<std::string>& parts)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out)
        throw std::runtime_error(fmt::format("cannot write {}", path));
    out << header;
    for (const auto& p : parts)
        out << p;
    if (!out.flush())
        throw std::runtime_error(fmt::format("cannot write {}", path));
}

}  // namespace

int simulateCommand(int argc, char** argv)
{
    const CommandLine args(argc, argv, 2,
                           {"--nodes", "--pods", "--policy", "--seeds", "--tune", "--points", "--mode", "--step",
                            "--tie-order", "--threads", "--csv", "--decisions", "--db", "--gpu-models"},
                           {"--quiet", "--skip-bad-rows", "--help"});
    if (args.has("--help")) {
        std::fputs(kHelp, stdout);
        return 0;
    }
    const std::string nodesPath = args.required("--nodes");
    const std::string podsPath = args.required("--pods");
    if (args.values("--policy").empty())
        throw UsageError("--policy is required");
    std::vector<PolicySpec> policies;
    for (const auto& text : args.values("--policy"))
        policies.push_back(PolicySpec::parse(text));
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
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const unsigned threads = unsigned(args.integer("--threads", cores, 1, 1024));
    const bool quiet = args.has("--quiet");

    LoadOptions load;
    load.skipBadRows = args.has("--skip-bad-rows");
    LoadWarnings warnings;
    const Cluster cluster = TraceLoader::loadCluster(nodesPath, args.value("--gpu-models"), load, warnings);
    const PodList pods = TraceLoader::loadPods(podsPath, cluster.registry, load, warnings);
    for (const auto& w : warnings.lines)
        fmt::print(stderr, "warning: {}\n", w);
    if (mode == SimulationMode::Replay && !pods.hasTimes)
        throw InputError::fileLevel(podsPath, "no creation_time and deletion_time columns: this pod list cannot "
                                              "be replayed (use --mode experiment)");
    const TraceModels models(cluster, pods.pods);

    // Opened before simulating, so that a foreign or damaged study fails in a second, not
    // after the whole batch.
    std::optional<StudyStore> study;
    std::vector<RunRecord::TraceFile> inputs;
    if (args.has("--db")) {
        study.emplace(args.value("--db"));
        inputs = PodTrace::fileRecords(nodesPath, podsPath, args.value("--gpu-models"), warnings);
    }

    const size_t jobs = policies.size() * seeds.size();
    std::vector<std::string> csvParts(jobs), decisionParts(jobs);
    std::vector<RunSummary> summaries(jobs);
    // Whole timelines are kept only for the study; without --db each is dropped after its job.
    std::vector<std::unique_ptr<SimulationResult>> results(study ? jobs : 0);
    const int maxPct = int(std::floor(tune * 100 + 1e-9));
    ProgressLine progress(jobs, !quiet);
    BatchRunner::run(jobs, threads, [&](size_t job) {
        const PolicySpec& policy = policies[job / seeds.size()];
        RunParameters params;
        params.policy = policy;
        params.seed = seeds[job % seeds.size()];
        params.mode = mode;
        params.tune = tune;
        params.tieOrder = tieText == "name" ? TieOrderKind::Name : TieOrderKind::Seeded;
        params.replayStepSeconds = step;
        const auto start = std::chrono::steady_clock::now();
        auto result = PodSimulation(models, params).run(pods);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const std::string name = policy.canonical();
        if (args.has("--csv"))
            csvParts[job] = mode == SimulationMode::Experiment
                ? SimulationCsv::gridRows(name, params.seed, GridSampler::sample(*result, points, maxPct))
                : SimulationCsv::replayRows(name, *result, step);
        if (args.has("--decisions"))
            decisionParts[job] = SimulationCsv::decisionRows(name, *result, cluster.nodes);
        summaries[job] = RunSummary::of(name, *result, seconds);
        if (study)
            results[job] = std::move(result);
        progress.done();
    });
    progress.finish();

    if (args.has("--csv"))
        writeFile(args.value("--csv"),
                  mode == SimulationMode::Experiment ? SimulationCsv::gridHeader() : SimulationCsv::replayHeader(),
                  csvParts);
    if (args.has("--decisions"))
        writeFile(args.value("--decisions"), SimulationCsv::decisionsHeader(), decisionParts);
    std::vector<int64_t> savedIds;
    if (study) {
        std::vector<StudyStore::NamedResult> runs;
        for (const auto& result : results)
            runs.push_back({result.get(), {}});
        savedIds = study->saveRuns(cluster, inputs, runs);
    }
    std::fputs(SummaryTable::render(summaries, mode).c_str(), stdout);
    if (warnings.skippedRows > 0)
        fmt::print("skipped rows: {}\n", warnings.skippedRows);
    if (savedIds.size() == 1)
        fmt::print("saved to {}: run {}\n", study->path(), savedIds.front());
    else if (!savedIds.empty())
        fmt::print("saved to {}: runs {}-{}\n", study->path(), savedIds.front(), savedIds.back());
    return 0;
}

}  // namespace tessera::cli
