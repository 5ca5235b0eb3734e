#include "inference/InferenceKind.h"

#include "inference/InferenceClasses.h"
#include "inference/InferencePolicy.h"
#include "inference/InferenceRun.h"
#include "inference/InferenceWorld.h"
#include "inference/ParvaScenario.h"
#include "io/ContentHash.h"
#include "io/InputError.h"
#include "mig/MigGpuType.h"
#include "run/RunKindRegistry.h"
#include "run/RunNameDetails.h"
#include "util/TextFile.h"
#include "util/UsageError.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <stdexcept>

namespace tessera {
namespace {

const RunKindRegistration kRegistration(InferenceRun::kKind, std::make_shared<InferenceKind>());

constexpr const char* kProfilesRole = "profiles";
constexpr const char* kSloRole = "slo";
constexpr const char* kScenarioRole = "scenario";

constexpr const char* kSloRow = "slo_row";
constexpr const char* kSwitchRow = "switch_row";
constexpr const char* kSwitchAt = "switch_at";
constexpr const char* kDuration = "duration";
constexpr const char* kStep = "step";
constexpr const char* kSeed = "seed";
constexpr const char* kGpu = "gpu";
constexpr const char* kPredictor = "predictor";
constexpr const char* kBuckets = "buckets";
constexpr const char* kReconfigDelay = "reconfig_delay";
constexpr const char* kLoadScale = "load_scale";
constexpr const char* kSloScale = "slo_scale";
constexpr const char* kSlosOfRow = "slos_of_row";

const InferenceRun& inferenceRun(const Run& run)
{
    const auto* inference = dynamic_cast<const InferenceRun*>(&run);
    if (!inference)
        throw std::invalid_argument(fmt::format("not a live MIG inference run: a {} run", run.info().kind));
    return *inference;
}

std::vector<InputFile> filesOf(const std::string& role, const LoadWarnings& warnings)
{
    std::vector<InputFile> files;
    for (const auto& [path, hash] : warnings.contentHashes)
        files.push_back({role, std::filesystem::absolute(path).string(), hash});
    return files;
}

// A loader's own warnings (the profile folder and the SLO table keep theirs) added to the caller's.
void appendLines(LoadWarnings& to, const LoadWarnings& from)
{
    to.lines.insert(to.lines.end(), from.lines.begin(), from.lines.end());
    to.skippedRows += from.skippedRows;
}

// The scenario's name with the run's load and SLO scales, which its phase applies (PolicyPhase).
std::string scaledName(std::string name, double loadScale, double sloScale)
{
    if (loadScale != 1.0)
        name += fmt::format(", load x{:g}", loadScale);
    if (sloScale != 1.0)
        name += fmt::format(", SLO x{:g}", sloScale);
    return name;
}

void checkRow(const SloTable& table, int row)
{
    if (row > int(table.rowCount()))
        throw UsageError(fmt::format("the SLO files have {} rows, not {}", table.rowCount(), row));
}

// Every service's SLO in `row` of the SLO files (a model absent from that row keeps its
// scenario's SLO): a what-if on the SLOs alone, at the scenario's rates.
std::vector<double> rowSlos(const InferenceWorld& world, const InferenceScenario& scenario, int row)
{
    if (!world.slo())
        throw UsageError("the SLOs of another row need the ParvaGPU SLO folder, not a scenario file");
    const SloTable& table = *world.slo();
    checkRow(table, row);
    std::vector<double> slos;
    for (const ServiceSpec& service : scenario.services) {
        const size_t m = size_t(std::find(table.models.begin(), table.models.end(), service.model) - table.models.begin());
        const std::optional<double> slo = m < table.models.size() ? table.latencySloMs[row - 1][m] : std::nullopt;
        slos.push_back(slo.value_or(service.sloMs));
    }
    return slos;
}

std::string rowName(int row) { return fmt::format("SLO row {}", row); }

double number(const RunRequest& resolved, const char* name) { return std::stod(resolved.values.at(name)); }

// Two made-up models profiled on every size at batches 1-8, one process: latency grows with the
// batch and falls with the size.
std::vector<ModelProfile> sampleModels()
{
    std::vector<ModelProfile> models;
    for (const auto& [name, base] : {std::pair{"sample-cnn", 6.0}, std::pair{"sample-bert", 9.0}}) {
        ModelProfile profile;
        profile.model = name;
        for (int g : {1, 2, 3, 4, 7})
            for (int b : {1, 2, 4, 8}) {
                const double latency = std::round(base * std::pow(b, 0.8) / std::pow(g, 0.7) * 10) / 10;
                profile.points.push_back({g, b, 1, latency, b * 1000.0 / latency});
            }
        models.push_back(std::move(profile));
    }
    return models;
}

// Two services of the sample models; the second's load triples at 120 s, so a run re-plans once.
InferenceScenario sampleScenario()
{
    InferenceScenario scenario;
    scenario.name = "conformance sample";
    scenario.durationS = 300;
    scenario.services = {{"sample-cnn", 200, 0, {{0, 300}}}, {"sample-bert", 150, 0, {{0, 200}, {120, 600}}}};
    return scenario;
}

}  // namespace

std::string InferenceKind::id() const { return InferenceRun::kKind; }

RunWords InferenceKind::words() const { return InferenceRun::kindWords(); }

std::string InferenceKind::displayName() const { return "MIG inference (SLO-bound batch serving)"; }

std::vector<RunKindInput> InferenceKind::inputs() const
{
    return {{kProfilesRole, "Profile folder (prof_data)", "", false, true},
            {kSloRole, "SLO folder (ParvaGPU scenarios)", "", true, true, 2},
            {kScenarioRole, "Scenario file", "CSV files (*.csv)", true, false, 1}};
}

std::shared_ptr<const RunInputs> InferenceKind::loadInputs(const std::map<std::string, std::string>& paths,
                                                           LoadWarnings& warnings,
                                                           const ProgressCallback& progress) const
{
    const auto pathOf = [&](std::string_view role) { return inputPathOf(paths, role); };
    if (pathOf(kProfilesRole).empty())
        throw UsageError("a MIG inference run needs the profile folder (mig-parvagpu/prof_data)");
    if (pathOf(kSloRole).empty() == pathOf(kScenarioRole).empty())
        throw UsageError("a MIG inference run needs either the SLO folder or a scenario file, not both");
    ProfileData profiles = ProfileData::load(pathOf(kProfilesRole));
    if (progress && !progress(0.5))
        throw CancelledError();
    std::vector<InputFile> files = filesOf(kProfilesRole, profiles.warnings());
    appendLines(warnings, profiles.warnings());
    std::optional<SloTable> slo;
    std::optional<InferenceScenario> scenario;
    if (!pathOf(kSloRole).empty()) {
        slo = SloTable::load(pathOf(kSloRole), profiles.modelNames());
        for (auto& f : filesOf(kSloRole, slo->warnings))
            files.push_back(f);
        appendLines(warnings, slo->warnings);
    } else {
        scenario = loadScenario(pathOf(kScenarioRole), warnings);
        files.push_back({kScenarioRole, std::filesystem::absolute(pathOf(kScenarioRole)).string(),
                         ContentHash::ofFile(pathOf(kScenarioRole))});
    }
    return std::make_shared<InferenceWorld>(std::move(profiles), std::move(slo), std::move(scenario), std::move(files));
}

std::vector<RunKindPolicy> InferenceKind::policies() const
{
    const MigGpuType& gpu = *MigGpuType::find("A100-80GB");
    std::vector<RunKindPolicy> out;
    for (const char* spec : {"elasticbatch", "mig-disabled", "oracle", "parvagpu", "static:3g.40gb@0+3g.40gb@4",
                             "static:4g.40gb@0+3g.40gb@4"}) {
        const auto policy = InferencePolicyRegistry::instance().create(spec, gpu);
        out.push_back({policy->spec(), policy->label(), policy->description()});
    }
    return out;
}

std::string InferenceKind::canonicalPolicy(const std::string& spec) const
{
    // A static layout names profiles of one GPU type: the spec is a policy if any type takes it.
    std::string problem;
    for (const std::string& name : MigGpuType::names()) {
        try {
            return InferencePolicyRegistry::instance().create(spec, *MigGpuType::find(name))->spec();
        } catch (const std::invalid_argument& e) {
            if (problem.empty())
                problem = e.what();
        }
    }
    throw UsageError(problem);
}

std::vector<RunKindParameter> InferenceKind::parameters() const
{
    using Type = RunKindParameter::Type;
    std::vector<std::string> gpus = MigGpuType::names();
    std::sort(gpus.begin(), gpus.end(), [](const std::string& a, const std::string& b) {
        return (a == "A100-80GB") > (b == "A100-80GB") || ((a == "A100-80GB") == (b == "A100-80GB") && a < b);
    });
    return {
        {.name = kSloRow, .label = "SLO row", .type = Type::Integer, .defaultValue = 1, .min = 1, .max = 64,
         .help = "The row of the ParvaGPU SLO files: each model's request rate and latency SLO"},
        {.name = kSwitchRow, .label = "Switch to row", .type = Type::Integer, .defaultValue = 0, .min = 0, .max = 64,
         .help = "0: none; otherwise the rates become this row's at the switch time"},
        {.name = kSwitchAt, .label = "Switch at", .unit = "s", .type = Type::Real, .defaultValue = 150, .min = 1,
         .max = 1e7, .help = "When the rates switch to the second row"},
        {.name = kDuration, .label = "Duration", .unit = "s", .type = Type::Real, .defaultValue = 600, .min = 1,
         .max = 1e7, .help = "How long the SLO-row scenario runs (a scenario file has its own)"},
        {.name = kStep, .label = "Step", .unit = "s", .type = Type::Real, .defaultValue = 60, .min = 1, .max = 86400,
         .help = "The timeline's step: one position per step"},
        {.name = kSeed, .label = "Seed", .type = Type::Integer, .defaultValue = 42, .max = 2147483647,
         .help = "Seeds the Poisson arrivals"},
        {.name = kGpu, .label = "GPU", .type = Type::Choice, .max = double(gpus.size() - 1), .choices = gpus,
         .choiceLabels = gpus, .help = "The GPU type every GPU of the fleet is"},
        {.name = kPredictor, .label = "Predictor", .type = Type::Choice, .max = 1, .choices = {"learned", "table"},
         .choiceLabels = {"Learned (25% profiled)", "Measured table"},
         .help = "How ElasticBatch-like predicts latency; the other policies use the table"},
        {.name = kBuckets, .label = "Size buckets", .type = Type::Integer, .defaultValue = 4, .min = 1, .max = 64,
         .help = "Input-size buckets per service, when its sizes vary"},
        {.name = kReconfigDelay, .label = "Reconfiguration delay", .unit = "s", .type = Type::Real,
         .defaultValue = 5, .min = 0, .max = 3600, .help = "Per created or destroyed GPU instance; the GPU drains"},
        {.name = kLoadScale, .label = "Load scale", .unit = "×", .type = Type::Real, .defaultValue = 1,
         .min = 0.01, .max = 100, .forkable = true,
         .help = "Every service's request rate times this; a fork changes it from its position on"},
        {.name = kSloScale, .label = "SLO scale", .unit = "×", .type = Type::Real, .defaultValue = 1,
         .min = PolicyPhase::kMinSloScale, .max = PolicyPhase::kMaxSloScale, .forkable = true,
         .help = "Every service's latency SLO times this (below 1: tighter); a fork changes it from its position "
                 "on, and each request is judged against the SLO in force when it arrived"},
        {.name = kSlosOfRow, .label = "SLOs of row", .type = Type::Integer, .defaultValue = 0, .min = 0, .max = 64,
         .forkable = true,
         .help = "0: the scenario's SLOs; otherwise every service's SLO is this row's of the SLO files (before the "
                 "SLO scale; a model absent from the row keeps its own), from a fork's position on"},
    };
}

std::unique_ptr<Run> InferenceKind::simulate(std::shared_ptr<const RunInputs> inputs, const RunRequest& request,
                                             const ProgressCallback& progress) const
{
    auto world = std::dynamic_pointer_cast<const InferenceWorld>(inputs);
    if (!world)
        throw std::invalid_argument("InferenceKind::simulate: the inputs are not MIG inference inputs");
    if (auto problem = requestProblem(request))
        throw UsageError(*problem);
    const RunRequest r = resolved(request);
    InferenceOptions options;
    options.gpuType = r.values.at(kGpu);
    options.stepS = number(r, kStep);
    options.seed = uint64_t(std::stoll(r.values.at(kSeed)));
    options.predictor = r.values.at(kPredictor);
    options.buckets = int(number(r, kBuckets));
    options.reconfigDelayS = number(r, kReconfigDelay);
    InferenceScenario scenario;
    if (world->scenario()) {
        scenario = *world->scenario();
    } else {
        const SloTable& slo = *world->slo();
        const int row = int(number(r, kSloRow)), switchRow = int(number(r, kSwitchRow));
        for (int chosen : {row, switchRow})
            checkRow(slo, chosen);
        scenario = parvaScenario(slo, SloRowSelection{row, switchRow, number(r, kSwitchAt)}, number(r, kDuration));
    }
    const double loadScale = number(r, kLoadScale), sloScale = number(r, kSloScale);
    const int slosOfRow = int(number(r, kSlosOfRow));
    PolicyPhase first;
    first.loadScale = loadScale;
    first.sloScale = sloScale;
    if (slosOfRow > 0) {
        first.sloMs = rowSlos(*world, scenario, slosOfRow);
        first.sloSource = rowName(slosOfRow);
        scenario.name += ", SLOs of " + first.sloSource;
    }
    scenario.name = scaledName(std::move(scenario.name), loadScale, sloScale);
    const MigGpuType* gpu = MigGpuType::find(options.gpuType);
    std::shared_ptr<const InferencePolicy> policy;
    try {
        policy = InferencePolicyRegistry::instance().create(r.policy, *gpu);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    // The name says every parameter off its default (GPU, step, load scale...), as a training
    // run's does; the SLO folder and the scenario file are alternatives, neither is missing.
    std::set<std::string> given;
    for (const RunKindInput& input : this->inputs())
        given.insert(input.role);
    std::string name = InferenceRun::defaultName(*policy, options) + runNameDetails(*this, r, given, {kSeed});
    first.policy = std::move(policy);
    return InferenceRun::simulate(std::move(world), std::move(scenario), {std::move(first)}, options,
                                  std::move(name), progress);
}

std::optional<std::string> InferenceKind::forkProblem(const Run& run, size_t position) const
{
    if (position > run.steps())
        return fmt::format("fork position {} is outside 0-{}", position, run.steps());
    if (!dynamic_cast<const InferenceRun*>(&run))
        return "this run was reopened from a study without its inputs: run it again to fork it";
    return std::nullopt;
}

std::unique_ptr<Run> InferenceKind::fork(const Run& run, size_t position, const RunRequest& request,
                                         const ProgressCallback& progress) const
{
    if (auto problem = forkProblem(run, position))
        throw UsageError(*problem);
    if (auto problem = requestProblem(request, true))
        throw UsageError(*problem);
    const InferenceRun& parent = inferenceRun(run);
    const auto scale = [&](const char* name) -> std::optional<double> {
        const std::string* value = request.find(name);
        return value ? std::optional(std::stod(*value)) : std::nullopt;
    };
    InferenceRun::ForkChange change{request.policy, scale(kLoadScale), scale(kSloScale), std::nullopt, {}};
    if (const auto row = scale(kSlosOfRow)) {  // 0: back to the scenario's
        change.sloMs = *row > 0 ? rowSlos(parent.world(), parent.scenario(), int(*row)) : std::vector<double>();
        change.sloSource = *row > 0 ? rowName(int(*row)) : std::string();
    }
    try {
        return parent.forkWith(position, change, progress);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
}

std::shared_ptr<const RunInputs> InferenceKind::conformanceSample() const
{
    return std::make_shared<InferenceWorld>(ProfileData::fromModels(sampleModels()), std::nullopt, sampleScenario());
}

std::map<std::string, std::string> InferenceKind::writeConformanceFiles(const std::string& dir) const
{
    // The sample's profiles in ParvaGPU's format (throughput per process, latency in seconds).
    const std::filesystem::path profiles = std::filesystem::path(dir) / "prof_data";
    std::filesystem::create_directories(profiles);
    for (const ModelProfile& model : sampleModels()) {
        std::string text = "Mig instance,Batch size,Workload Number,Throughput,Latency\n";
        for (const ProfiledPoint& p : model.points)
            text += fmt::format("{},{},{},{},{}\n", p.computeSlices, p.batch, p.procs, p.throughputRps / p.procs,
                                p.latencyMs / 1000);
        writeTextFile((profiles / (model.model + ".csv")).string(), text);
    }
    const std::string scenario = (std::filesystem::path(dir) / "scenario.csv").string();
    writeScenario(scenario, sampleScenario());
    return {{kProfilesRole, profiles.string()}, {kScenarioRole, scenario}};
}

}  // namespace tessera
