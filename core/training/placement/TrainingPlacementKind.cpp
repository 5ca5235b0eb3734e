#include "training/placement/TrainingPlacementKind.h"

#include "io/ContentHash.h"
#include "io/InputError.h"
#include "run/RunKindRegistry.h"
#include "run/RunNameDetails.h"
#include "training/JobFile.h"
#include "training/placement/TrainingPlacementInputs.h"
#include "training/placement/TrainingPlacementRun.h"
#include "training/placement/TrainingRunName.h"
#include "training/rounds/RoundInputs.h"
#include "util/HoursRange.h"
#include "util/UsageError.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <stdexcept>

namespace tessera {
namespace {

using namespace rounds;

const RunKindRegistration kRegistration(TrainingPlacementRun::kKind, std::make_shared<TrainingPlacementKind>());

constexpr const char* kNodes = "nodes";
constexpr const char* kGpusPerNode = "gpus_per_node";
constexpr const char* kScheduler = "scheduler";
constexpr const char* kLocality = "locality";
constexpr const char* kRound = "round";
constexpr const char* kSeed = "seed";
constexpr const char* kVariabilityMode = "variability_mode";

constexpr RoundPlacement kPlacements[] = {RoundPlacement::Pal,    RoundPlacement::PmFirst,
                                          RoundPlacement::PackedSticky, RoundPlacement::Packed,
                                          RoundPlacement::Random, RoundPlacement::RandomSticky};

const char* placementDescription(RoundPlacement placement)
{
    switch (placement) {
    case RoundPlacement::Pal: return "Variability- and locality-aware: bins GPUs by slowdown, trades a slower bin "
                                     "against crossing nodes (cost v × L)";
    case RoundPlacement::PmFirst: return "Performance-model first: the least slowed GPUs, locality second";
    case RoundPlacement::PackedSticky: return "Packs jobs onto as few nodes as possible; a running job keeps its GPUs "
                                              "(the artifact's Default-Packed-S)";
    case RoundPlacement::Packed: return "Packs jobs onto as few nodes as possible, re-placed every round";
    case RoundPlacement::Random: return "A uniform draw of free GPUs, every round";
    case RoundPlacement::RandomSticky: return "A uniform draw of free GPUs; a running job keeps them";
    }
    return "";
}

const TrainingPlacementRun& placementRun(const Run& run)
{
    const auto* placement = dynamic_cast<const TrainingPlacementRun*>(&run);
    if (!placement)
        throw std::invalid_argument(fmt::format("not a live training-placement run: a {} run", run.info().kind));
    return *placement;
}

double number(const RunRequest& resolved, const char* name) { return std::stod(resolved.values.at(name)); }

// A fixed cluster runs a job for a known number of iterations: a job without one (every Pollux
// job, whose work its application's profile sets; a Tessera row with no iterations) is an error
// at its line.
void checkPlaceable(const std::string& path, const JobTrace& trace)
{
    for (size_t i = 0; i < trace.jobs.size(); ++i) {
        if (trace.jobs[i].iterations)
            continue;
        const bool pollux = trace.format == JobFormat::Pollux;
        throw InputError(path, trace.lines.at(i), trace.workColumn,
                         pollux ? "a Pollux job gives no iteration count, which placement on a fixed cluster needs "
                                  "(Pollux workloads are for renting GPUs: --mode rent)"
                                : "no iteration count, which placement on a fixed cluster needs",
                         pollux ? trace.jobs[i].model : std::string(), true);
    }
}

// 24 jobs of 4 to 32 GPUs, one every 5 minutes, of 35 to 70 minutes' work each: on the default
// 64 GPUs they queue, span nodes and finish over a few dozen rounds.
std::vector<TrainingJob> sampleJobs()
{
    std::vector<TrainingJob> jobs;
    for (uint32_t i = 0; i < 24; ++i) {
        const int widths[] = {4, 8, 16, 32};
        TrainingJob job;
        job.id = i;
        job.arrivalS = 300.0 * i;
        job.gpus = widths[i % 4];
        job.iterations = 2100.0 + 525.0 * (i % 5);
        job.iterationS = 1.0;
        job.jobClass = JobClass(i % 4);
        job.model = fmt::format("sample-{}", jobClassLetter(job.jobClass));
        jobs.push_back(job);
    }
    return jobs;
}

// Every class's profile: made-up per-run measurements, A the most variable, D hardly at all.
VariabilityProfiles sampleProfiles()
{
    VariabilityProfiles profiles;
    profiles.classes[0].samples = {0.90, 0.95, 1.0, 1.0, 1.05, 1.30, 2.60};
    profiles.classes[1].samples = {0.93, 1.0, 1.0, 1.04, 1.12};
    profiles.classes[2].samples = {0.97, 1.0, 1.02, 1.06};
    profiles.classes[3].samples = {0.99, 1.0, 1.01};
    return profiles;
}

}  // namespace

std::string TrainingPlacementKind::id() const { return TrainingPlacementRun::kKind; }

RunWords TrainingPlacementKind::words() const { return TrainingPlacementRun::kindWords(); }

std::string TrainingPlacementKind::displayName() const { return "Training placement (PAL, PM-First)"; }

std::vector<RunKindInput> TrainingPlacementKind::inputs() const
{
    return {{kJobsRole, "Job file", "Job files (*.csv *.trace)", false, false, 1},
            {kVariabilityRole, "Variability folder (pal-sia-philly/variability)", "", true, true}};
}

std::optional<RunKindMatch> TrainingPlacementKind::recognise(const std::string& path) const
{
    const auto format = jobFormatOf(path);
    if (!format)
        return std::nullopt;
    return RunKindMatch{kJobsRole, *format != JobFormat::Pollux};
}

std::shared_ptr<const RunInputs> TrainingPlacementKind::loadInputs(const std::map<std::string, std::string>& paths,
                                                                   LoadWarnings& warnings,
                                                                   const ProgressCallback& progress) const
{
    const auto pathOf = [&](std::string_view role) { return inputPathOf(paths, role); };
    const std::string jobsPath = pathOf(kJobsRole);
    if (jobsPath.empty())
        throw UsageError("a training-placement run needs a job file");
    JobTrace trace = loadJobs(jobsPath, warnings);
    checkPlaceable(jobsPath, trace);
    std::vector<RoundJob> jobs;
    try {
        jobs = roundJobsOf(trace.jobs);
    } catch (const std::invalid_argument& e) {
        throw InputError::fileLevel(jobsPath, e.what());
    }
    std::vector<InputFile> files{
        {kJobsRole, std::filesystem::absolute(jobsPath).string(), ContentHash::ofFile(jobsPath)}};
    if (progress && !progress(0.5))
        throw CancelledError();
    std::optional<VariabilityProfiles> profiles;
    std::string variabilityName = "none";
    if (const std::string dir = pathOf(kVariabilityRole); !dir.empty()) {
        profiles = loadVariabilityProfiles(dir, warnings);
        const std::filesystem::path json = std::filesystem::path(dir) / "profiles.json";
        files.push_back({kVariabilityRole, std::filesystem::absolute(json).string(), ContentHash::ofFile(json.string())});
        for (const ClassProfile& profile : profiles->classes)
            files.push_back({kVariabilityRole, std::filesystem::absolute(profile.path).string(),
                             ContentHash::ofFile(profile.path)});
        variabilityName = std::filesystem::path(dir).lexically_normal().filename().string();
        if (variabilityName.empty())
            variabilityName = std::filesystem::path(dir).lexically_normal().parent_path().filename().string();
    }
    return std::make_shared<TrainingPlacementInputs>(
        trace.name, std::move(jobs), std::move(profiles), std::move(variabilityName), std::move(files),
        TrainingPlacementInputs::JobSource{jobsPath, trace.widthColumn, std::move(trace.lines)});
}

std::string TrainingPlacementKind::inputsSummary(const RunInputs& inputs, const std::map<std::string, std::string>&) const
{
    const auto* placement = dynamic_cast<const TrainingPlacementInputs*>(&inputs);
    if (!placement || placement->jobs().empty())
        return {};
    const auto& jobs = placement->jobs();
    const auto [first, last] = std::minmax_element(jobs.begin(), jobs.end(),
                                                   [](const auto& a, const auto& b) { return a.submitS < b.submitS; });
    const auto [narrow, wide] = std::minmax_element(jobs.begin(), jobs.end(),
                                                    [](const auto& a, const auto& b) { return a.width < b.width; });
    return fmt::format("{} jobs of {}–{} GPUs, arriving over {}; variability: {}", jobs.size(), narrow->width,
                       wide->width, hoursRange(first->submitS, last->submitS), placement->variabilityName());
}

std::vector<RunKindPolicy> TrainingPlacementKind::policies() const
{
    std::vector<RunKindPolicy> out;
    for (RoundPlacement placement : kPlacements)
        out.push_back({std::string(placementName(placement)), placementLabel(placement), placementDescription(placement)});
    return out;
}

std::string TrainingPlacementKind::canonicalPolicy(const std::string& spec) const
{
    if (const auto placement = parsePlacement(spec))
        return std::string(placementName(*placement));
    throw UsageError(fmt::format("\"{}\" is no training placement policy: use pal, pmfirst, packed, packed-sticky, "
                                 "random or random-sticky",
                                 spec));
}

std::vector<RunKindParameter> TrainingPlacementKind::parameters() const
{
    using Type = RunKindParameter::Type;
    return {
        {.name = kNodes, .label = "Nodes", .type = Type::Integer, .defaultValue = 16, .min = 1, .max = 1024,
         .help = "Nodes of the cluster"},
        {.name = kGpusPerNode, .label = "GPUs per node", .type = Type::Integer, .defaultValue = 4, .min = 1, .max = 64,
         .help = "GPUs of every node; a job spanning nodes runs L times slower"},
        {.name = kScheduler, .label = "Job order", .type = Type::Choice, .max = 2, .choices = {"fifo", "las", "srtf"},
         .choiceLabels = {"FIFO (arrival)", "LAS (least attained service)", "SRTF (shortest remaining time)"},
         .forkable = true, .help = "The order jobs are placed in at every round"},
        {.name = kLocality, .label = "Locality penalty L", .unit = "×", .type = Type::Real, .defaultValue = 1.7,
         .min = 1, .max = 10, .forkable = true, .help = "How much slower a job runs when its GPUs span nodes"},
        {.name = kRound, .label = "Round", .unit = "s", .type = Type::Real, .defaultValue = 360, .min = 1,
         .max = 86400, .help = "Jobs are placed again every round"},
        {.name = kSeed, .label = "Seed", .type = Type::Integer, .defaultValue = 42, .max = 2147483647,
         .help = "Seeds the variability draw (42: PAL's published table) and the Random placements"},
        {.name = kVariabilityMode, .label = "Variability draw", .type = Type::Choice, .max = 1,
         .choices = {"independent", "correlated"},
         .choiceLabels = {"Independent per class (PAL's)", "Correlated across classes"},
         .help = "Independent: each GPU draws each class's score on its own; correlated: a GPU slow for one class "
                 "is slow for all"},
    };
}

std::unique_ptr<Run> TrainingPlacementKind::simulate(std::shared_ptr<const RunInputs> inputs,
                                                     const RunRequest& request, const ProgressCallback& progress) const
{
    auto world = std::dynamic_pointer_cast<const TrainingPlacementInputs>(inputs);
    if (!world)
        throw std::invalid_argument("TrainingPlacementKind::simulate: the inputs are not training-placement inputs");
    if (auto problem = requestProblem(request))
        throw UsageError(*problem);
    if (progress && !progress(0.0))
        throw CancelledError();
    const RunRequest r = resolved(request);
    TrainingClusterSetup setup;
    setup.nodes = uint32_t(number(r, kNodes));
    setup.gpusPerNode = uint32_t(number(r, kGpusPerNode));
    setup.seed = uint64_t(std::stoll(r.values.at(kSeed)));
    setup.variability = *parseVariabilityMode(r.values.at(kVariabilityMode));
    RoundParameters parameters;
    parameters.placement = *parsePlacement(canonicalPolicy(r.policy));
    parameters.scheduler = *parseScheduler(r.values.at(kScheduler));
    parameters.locality = number(r, kLocality);
    parameters.roundS = number(r, kRound);
    parameters.seed = setup.seed;
    try {
        world->checkFits(setup.nodes, setup.gpusPerNode);
        // The name says every parameter off its default and a missing variability folder, so
        // runs at L 1.7 and L 3 read apart in `runs`, legends and titles.
        std::set<std::string> given{kJobsRole};
        if (world->profiles())
            given.insert(kVariabilityRole);
        std::string name = trainingRunName(parameters, setup.seed) +
                           runNameDetails(*this, r, given, {kScheduler, kSeed},
                                          {{kLocality, "L"}, {kGpusPerNode, "GPUs per node"}});
        return TrainingPlacementRun::simulate(std::move(world), setup, {TrainingPlacementPhase{0, parameters}},
                                              std::move(name));
    } catch (const std::invalid_argument& e) {
        // A job wider than the cluster, a correlated draw from profiles without GPU ids.
        throw UsageError(e.what());
    }
}

std::optional<std::string> TrainingPlacementKind::forkProblem(const Run& run, size_t position) const
{
    if (position > run.steps())
        return fmt::format("fork position {} is outside 0-{}", position, run.steps());
    if (!dynamic_cast<const TrainingPlacementRun*>(&run))
        return "this run was reopened from a study without its inputs: run it again to fork it";
    return std::nullopt;
}

std::unique_ptr<Run> TrainingPlacementKind::fork(const Run& run, size_t position, const RunRequest& request,
                                                 const ProgressCallback&) const
{
    if (auto problem = forkProblem(run, position))
        throw UsageError(*problem);
    if (auto problem = requestProblem(request, true))
        throw UsageError(*problem);
    const TrainingPlacementRun& parent = placementRun(run);
    RoundParameters next = parent.parameters();
    next.placement = *parsePlacement(canonicalPolicy(request.policy));
    if (const std::string* scheduler = request.find(kScheduler))
        next.scheduler = *parseScheduler(*scheduler);
    if (const std::string* locality = request.find(kLocality))
        next.locality = std::stod(*locality);
    try {
        return parent.forkWith(position, next);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
}

std::shared_ptr<const RunInputs> TrainingPlacementKind::conformanceSample() const
{
    return std::make_shared<TrainingPlacementInputs>("conformance sample", roundJobsOf(sampleJobs()),
                                                     sampleProfiles(), "sample profiles");
}

std::map<std::string, std::string> TrainingPlacementKind::writeConformanceFiles(const std::string& dir) const
{
    const std::string path = (std::filesystem::path(dir) / "jobs.csv").string();
    writeJobs(path, sampleJobs());
    return {{kJobsRole, path}};
}

}  // namespace tessera
