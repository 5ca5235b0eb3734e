// Writes the study seed corpus of fuzz_study (fuzz/corpus/study/) with Tessera's own code:
// small studies of the fixed small trace (SmallTrace), saved through RunArchive as the CLI and
// the app save them, then rewritten with 512-byte pages and a rollback journal so that each is
// a few KB. Their input files are recorded under a path that does not exist, so a reopened run
// stands on the study alone, whatever machine replays the corpus.
//   usage: fuzz_make_study_seeds OUTDIR
#include "SmallTrace.h"

#include "run/PodSchedulingRun.h"
#include "run/RunKindRegistry.h"
#include "run/RunRecipe.h"
#include "store/RunArchive.h"
#include "store/StoredSeriesRun.h"
#include "store/StudyStore.h"
#include "training/placement/TrainingPlacementInputs.h"
#include "training/placement/TrainingPlacementRun.h"

#include <cstdio>
#include <optional>
#include <filesystem>
#include <vector>

using namespace tessera;

namespace {

namespace fs = std::filesystem;

std::vector<RunRecord::TraceFile> missingFiles()
{
    const std::string hash(64, '0');
    return {{std::string(RunRecord::kNodesRole), "/nonexistent/tessera-fuzz/nodes.csv", hash},
            {std::string(RunRecord::kPodsRole), "/nonexistent/tessera-fuzz/pods.csv", hash}};
}

std::unique_ptr<PodSchedulingRun> simulate(SimulationMode mode, const char* policy, uint64_t seed)
{
    const Cluster cluster = fuzz::smallCluster();
    PodList pods = fuzz::smallPods(cluster, true);
    auto trace = PodTrace::make(cluster, std::move(pods), missingFiles());
    RunParameters parameters = fuzz::replayParameters(PolicySpec::parse(policy));
    parameters.seed = seed;
    parameters.mode = mode;
    return PodSchedulingRun::simulate(std::move(trace), parameters);
}

// A run of a kind without an archive of its own, as the generic tables store it: the pod
// run's info, series and layout under another kind.
std::unique_ptr<Run> genericRun(const Run& like)
{
    RunInfo info = like.info();
    info.kind = "fuzz-generic";
    MetricSeries series;
    for (size_t c = 0; c < like.series().columns(); ++c) {
        const auto column = like.series().column(c);
        series.add(like.series().info(c), std::vector<double>(column.begin(), column.end()));
    }
    return std::make_unique<StoredSeriesRun>(info, std::move(series), like.layout(), std::string());
}

// A study holding `runs`, compacted to 512-byte pages with a rollback journal. With `forkAt`,
// the last run is saved as a fork of the first at that position.
void writeStudy(const fs::path& path, const std::vector<const Run*>& runs, std::optional<size_t> forkAt = {},
                const std::vector<std::optional<RunRecipe>>& recipes = {})
{
    fs::remove(path);
    {
        StudyStore store(path.string());
        std::vector<int64_t> ids;
        for (size_t i = 0; i < runs.size(); ++i) {
            std::optional<RunArchive::ForkOrigin> origin;
            if (forkAt && i + 1 == runs.size() && !ids.empty())
                origin = RunArchive::ForkOrigin{ids.front(), *forkAt};
            ids.push_back(RunArchive::save(store, *runs[i], {}, origin, i < recipes.size() ? recipes[i] : std::nullopt));
        }
    }
    sqlite::Database db(path.string(), sqlite::Database::OpenMode::ExistingOnly);
    db.queryText("PRAGMA journal_mode = DELETE");
    db.exec("PRAGMA page_size = 512");
    db.exec("VACUUM");
    std::printf("%s: %zu runs, %ju bytes\n", path.c_str(), runs.size(), uintmax_t(fs::file_size(path)));
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s OUTDIR\n", argv[0]);
        return 2;
    }
    const fs::path out = argv[1];
    fs::create_directories(out);
    const auto experiment = simulate(SimulationMode::Experiment, "fgd", 42);
    const auto replay = simulate(SimulationMode::Replay, "pwr:100,fgd:900", 7);
    writeStudy(out / "empty.sqlite", {});
    writeStudy(out / "experiment.sqlite", {experiment.get()});
    writeStudy(out / "two-runs.sqlite", {experiment.get(), replay.get()});
    const size_t middle = experiment->steps() / 2;
    const auto fork = experiment->fork(middle, "bestfit");
    writeStudy(out / "fork.sqlite", {experiment.get(), fork.get()}, middle);
    const auto generic = genericRun(*replay);
    writeStudy(out / "generic-kind.sqlite", {generic.get()});
    // Recipes (study format 3): the experiment's inputs and request, and its fork's.
    const RunKind& pods = RunKindRegistry::kind(PodSchedulingRun::kKind);
    const RunRecipe recipe = RunRecipe::of(pods, experiment->trace(), {"fgd", {{"mode", "experiment"}, {"seed", "42"}}});
    writeStudy(out / "recipe.sqlite", {experiment.get(), fork.get()}, middle,
               {recipe, recipe.forked(middle, {"bestfit", {}})});
    // Study format 4: a training run's JCTs, per-GPU variability, Gantt bars, words and cell
    // changes: six jobs of 1-4 GPUs on 2 nodes of 4 GPUs, made in memory.
    const RunKind& training = RunKindRegistry::kind(TrainingPlacementRun::kKind);
    std::vector<rounds::RoundJob> jobs;
    for (uint32_t i = 0; i < 6; ++i)
        jobs.push_back(rounds::RoundJob{i, 400.0 * i, 1u + i % 4, i % 4, 1.0, 900.0 + 300.0 * (i % 3)});
    VariabilityProfiles profiles;
    for (auto& c : profiles.classes)
        c.samples = {0.95, 1.0, 1.1, 1.4};
    const auto inputs = std::make_shared<TrainingPlacementInputs>("fuzz jobs", std::move(jobs), profiles, "fuzz");
    const auto placed = training.simulate(inputs, {"pal", {{"nodes", "2"}, {"gpus_per_node", "4"}}});
    writeStudy(out / "training-detail.sqlite", {placed.get()});
    return 0;
}
