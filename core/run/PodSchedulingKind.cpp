#include "run/PodSchedulingKind.h"

#include "io/TraceFileRole.h"

#include "io/InputError.h"
#include "run/PodSchedulingRun.h"
#include "run/RunKindRegistry.h"
#include "run/RunNameDetails.h"
#include "sched/PluginRegistry.h"
#include "util/TextFile.h"
#include "util/UsageError.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>

namespace tessera {

namespace {

const RunKindRegistration kRegistration(PodSchedulingRun::kKind, std::make_shared<PodSchedulingKind>());

constexpr const char* kMode = "mode";
constexpr const char* kSeed = "seed";
constexpr const char* kTune = "tune";
constexpr const char* kTieOrder = "tie_order";

const PodSchedulingRun& podRun(const Run& run)
{
    const auto* pod = dynamic_cast<const PodSchedulingRun*>(&run);
    if (!pod)
        throw std::invalid_argument(fmt::format("not a pod-scheduling run: a {} run", run.info().kind));
    return *pod;
}

std::string text(std::string_view s) { return std::string(s); }

}  // namespace

std::string PodSchedulingKind::id() const { return PodSchedulingRun::kKind; }

std::string PodSchedulingKind::displayName() const { return "Pod scheduling (GPU sharing)"; }

std::vector<RunKindInput> PodSchedulingKind::inputs() const
{
    return {{text(InputFile::kNodesRole), "Node list", "CSV files (*.csv)", false, false},
            {text(InputFile::kPodsRole), "Pod list", "CSV files (*.csv)", false, false, 1},
            {text(InputFile::kGpuModelsRole), "GPU models", "CSV files (*.csv)", true, false}};
}

std::optional<RunKindMatch> PodSchedulingKind::recognise(const std::string& path) const
{
    const auto role = traceFileRoleOf(path);
    if (!role)
        return std::nullopt;
    return RunKindMatch{text(*role == TraceFileRole::NodeList ? InputFile::kNodesRole : InputFile::kPodsRole), true};
}

std::shared_ptr<const RunInputs> PodSchedulingKind::loadInputs(const std::map<std::string, std::string>& paths,
                                                               LoadWarnings& warnings,
                                                               const ProgressCallback& progress) const
{
    const auto pathOf = [&](std::string_view role) { return inputPathOf(paths, role); };
    if (pathOf(InputFile::kNodesRole).empty() || pathOf(InputFile::kPodsRole).empty())
        throw UsageError("a pod-scheduling run needs a node list and a pod list");
    return PodTrace::load(pathOf(InputFile::kNodesRole), pathOf(InputFile::kPodsRole),
                          pathOf(InputFile::kGpuModelsRole), LoadOptions{}, warnings, progress);
}

std::vector<RunKindPolicy> PodSchedulingKind::policies() const
{
    // FGD first: the paper's policy and the Run panel's default; then the rest by name.
    std::vector<std::string> names = PluginRegistry::instance().names();
    std::stable_partition(names.begin(), names.end(), [](const std::string& n) { return n == "fgd"; });
    std::vector<RunKindPolicy> out;
    for (const auto& name : names)
        out.push_back({name, name, {}});
    return out;
}

std::string PodSchedulingKind::canonicalPolicy(const std::string& spec) const
{
    return PolicySpec::parse(spec).canonical();
}

std::vector<RunKindParameter> PodSchedulingKind::parameters() const
{
    using Type = RunKindParameter::Type;
    return {
        {.name = kMode,
         .label = "Mode",
         .type = Type::Choice,
         .max = 1,
         .choices = {"experiment", "replay"},
         .choiceLabels = {"Published experiment", "Timed replay"},
         .help = "The published experiment (inflated workload) or a replay of the pod list's times"},
        {.name = kSeed,
         .label = "Seed",
         .type = Type::Integer,
         .defaultValue = 42,
         .max = 2147483647,
         .help = "Seeds the workload and the tie order"},
        {.name = kTune,
         .label = "Tune",
         .unit = "×",
         .type = Type::Real,
         .defaultValue = 1.3,
         .min = RunParameters::kMinTune,
         .max = RunParameters::kMaxTune,
         .help = "Inflate the workload to this multiple of the GPU capacity",
         .onlyWhenParameter = kMode,
         .onlyWhenValue = "experiment"},
        {.name = kTieOrder,
         .label = "Tie order",
         .type = Type::Choice,
         .max = 1,
         .choices = {"seeded", "name"},
         .choiceLabels = {"Seeded node order", "Node name order"},
         .help = "How nodes of equal score are ordered"},
    };
}

RunParameters PodSchedulingKind::runParameters(const RunRequest& request) const
{
    const RunRequest r = resolved(request);
    RunParameters p;
    p.policy = PolicySpec::parse(r.policy);
    p.mode = r.values.at(kMode) == "replay" ? SimulationMode::Replay : SimulationMode::Experiment;
    p.seed = uint64_t(std::stoll(r.values.at(kSeed)));
    p.tune = std::stod(r.values.at(kTune));
    p.tieOrder = r.values.at(kTieOrder) == "name" ? TieOrderKind::Name : TieOrderKind::Seeded;
    return p;
}

std::unique_ptr<Run> PodSchedulingKind::simulate(std::shared_ptr<const RunInputs> inputs, const RunRequest& request,
                                                 const ProgressCallback& progress) const
{
    auto trace = std::dynamic_pointer_cast<const PodTrace>(inputs);
    if (!trace)
        throw std::invalid_argument("PodSchedulingKind::simulate: the inputs are not a node list and a pod list");
    const RunParameters parameters = runParameters(request);
    if (parameters.mode == SimulationMode::Replay && !trace->pods.hasTimes)
        throw InputError::fileLevel(trace->podsPath, "no creation_time and deletion_time columns: this pod list "
                                                     "cannot be replayed (use the experiment mode)");
    // The name says every parameter off its default (tune, tie order), as a training run's
    // does, so that runs differing only there read apart in `runs`, legends and titles. The
    // optional GPU-model list has built-in defaults: its absence is no difference to name.
    std::set<std::string> given;
    for (const RunKindInput& input : this->inputs())
        given.insert(input.role);
    std::string name = PodSchedulingRun::defaultName(parameters) +
                       runNameDetails(*this, resolved(request), given, {kSeed, kMode});
    return PodSchedulingRun::simulate(std::move(trace), parameters, progress, std::move(name));
}

std::optional<std::string> PodSchedulingKind::forkProblem(const Run& run, size_t position) const
{
    if (position > run.steps())
        return fmt::format("fork position {} is outside 0-{}", position, run.steps());
    return podRun(run).forkProblem();
}

std::unique_ptr<Run> PodSchedulingKind::fork(const Run& run, size_t position, const RunRequest& request,
                                             const ProgressCallback& progress) const
{
    if (auto problem = requestProblem(request, true))
        throw UsageError(*problem);
    if (position > run.steps())
        throw UsageError(fmt::format("fork position {} is outside 0-{}", position, run.steps()));
    const PodSchedulingRun& parent = podRun(run);
    RunParameters p = parent.result().parameters;
    p.policy = PolicySpec::parse(request.policy);
    return parent.fork(position, p, progress);
}

std::shared_ptr<const RunInputs> PodSchedulingKind::conformanceSample() const
{
    // Four nodes of three GPU models and none, and a pod list of every class: CPU only,
    // GPU shares, whole GPUs, multi-GPU and a model-pinned pod.
    Cluster cluster;
    const auto model = [&](const char* name) { return *cluster.registry.find(name); };
    cluster.nodes = {{"a100-0", 64000, 262144, 4, model("A100")},
                     {"v100-0", 48000, 196608, 8, model("V100M32")},
                     {"t4-0", 16000, 65536, 2, model("T4")},
                     {"cpu-0", 32000, 131072, 0, kNoGpuModel}};
    PodList pods;
    for (int i = 0; i < 24; ++i) {
        PodSpec pod;
        pod.name = fmt::format("pod-{:02}", i);
        pod.cpuMilli = 1000 + 500 * (i % 4);
        pod.memoryMib = 2048 * (1 + i % 3);
        switch (i % 6) {
        case 0: break;  // CPU only
        case 1: case 2: pod.gpuCount = 1; pod.gpuMilli = 250 * (1 + i % 3); break;
        case 3: pod.gpuCount = 1; pod.gpuMilli = 1000; break;
        case 4: pod.gpuCount = 2; pod.gpuMilli = 1000; break;
        default:
            pod.gpuCount = 1;
            pod.gpuMilli = 500;
            pod.gpuSpec = "T4";
            pod.gpuSpecMask = uint64_t(1) << model("T4");
            break;
        }
        pods.pods.push_back(pod);
    }
    return PodTrace::make(std::move(cluster), std::move(pods));
}

std::map<std::string, std::string> PodSchedulingKind::writeConformanceFiles(const std::string& dir) const
{
    const std::string nodes = (std::filesystem::path(dir) / "nodes.csv").string();
    const std::string pods = (std::filesystem::path(dir) / "pods.csv").string();
    writeTextFile(nodes, "sn,cpu_milli,memory_mib,gpu,model\n"
                         "a100-0,64000,262144,4,A100\n"
                         "t4-0,16000,65536,2,T4\n"
                         "cpu-0,32000,131072,0,\n");
    writeTextFile(pods, "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec\n"
                        "pod-0,1000,2048,0,0,\n"
                        "pod-1,2000,4096,1,500,\n"
                        "pod-2,4000,8192,2,1000,\n"
                        "pod-3,1000,2048,1,250,T4\n");
    return {{text(InputFile::kNodesRole), nodes}, {text(InputFile::kPodsRole), pods}};
}

}  // namespace tessera
