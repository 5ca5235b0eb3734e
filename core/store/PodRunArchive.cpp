#include "store/PodRunArchive.h"

#include "io/InputError.h"
#include "store/RunArchiveRegistry.h"
#include "util/ProgressSlice.h"

#include <optional>

#include <fmt/format.h>

namespace tessera {

namespace {

const RunArchiveRegistration kRegistration(
    PodSchedulingRun::kKind,
    {PodRunArchive::save, [](StudyStore& store, int64_t id, const ProgressCallback& progress) -> std::unique_ptr<Run> {
         return PodRunArchive::load(store, id, progress);
     }});

constexpr size_t kStepsPerProgress = 4096;

// Why a saved run cannot be tied to its trace files any more.
struct Unavailable {
    std::string file;
    std::string problem;
};

const RunRecord::TraceFile* inputOf(const RunRecord& record, std::string_view role)
{
    for (const auto& f : record.inputs)
        if (f.role == role)
            return &f;
    return nullptr;
}

std::optional<Unavailable> changedOrMissing(const RunRecord::TraceFile& file)
{
    if (auto change = file.change())
        return Unavailable{file.path, fmt::format("its {} file {}", file.role, *change)};
    return std::nullopt;
}

// The first recorded input that is gone or changed, if any.
std::optional<Unavailable> checkInputs(const StoredRun& stored, const std::string& study)
{
    if (!inputOf(stored.record, RunRecord::kNodesRole) || !inputOf(stored.record, RunRecord::kPodsRole))
        return Unavailable{study, fmt::format("run {} records no node and pod files", stored.record.id)};
    for (const auto& file : stored.record.inputs)
        if (auto problem = changedOrMissing(file))
            return problem;
    return std::nullopt;
}

std::string modelName(const Cluster& cluster, const NodeSpec& node)
{
    return node.model == kNoGpuModel ? std::string() : cluster.registry.model(node.model).name;
}

bool sameNodes(const Cluster& cluster, const std::vector<StoredNode>& stored)
{
    if (cluster.nodes.size() != stored.size())
        return false;
    for (size_t i = 0; i < stored.size(); ++i) {
        const NodeSpec& n = cluster.nodes[i];
        const StoredNode& s = stored[i];
        if (n.name != s.name || n.cpuMilli != s.cpuMilli || n.memoryMib != s.memoryMib || n.gpuCount != s.gpuCount
            || modelName(cluster, n) != s.gpuModel)
            return false;
    }
    return true;
}

// The trace files loaded again; they passed their hash check. Rows the original load skipped
// under --skip-bad-rows are skipped again, so node indices keep their meaning.
std::shared_ptr<const PodTrace> reload(const StoredRun& stored, const ProgressCallback& progress,
                                       std::optional<Unavailable>& unavailable)
{
    const auto* gpuModels = inputOf(stored.record, RunRecord::kGpuModelsRole);
    LoadOptions options;
    options.skipBadRows = true;
    LoadWarnings warnings;
    auto trace = PodTrace::load(inputOf(stored.record, RunRecord::kNodesRole)->path,
                                inputOf(stored.record, RunRecord::kPodsRole)->path,
                                gpuModels ? gpuModels->path : std::string(), options, warnings, progress);
    if (!sameNodes(trace->cluster, stored.nodes)) {
        unavailable = Unavailable{trace->nodesPath, "its node list no longer gives the saved run's nodes"};
        return nullptr;
    }
    return trace;
}

// The GPU models the saved nodes name: the built-in ones, the run's model file when it is
// unchanged, and any other name as a model without power figures.
GpuModelRegistry registryFor(const StoredRun& stored, const std::string& study)
{
    GpuModelRegistry registry = GpuModelRegistry::builtin();
    if (const auto* file = inputOf(stored.record, RunRecord::kGpuModelsRole); file && !changedOrMissing(*file)) {
        LoadWarnings warnings;
        TraceLoader::loadGpuModels(file->path, registry, warnings);
    }
    for (size_t i = 0; i < stored.nodes.size(); ++i) {
        const StoredNode& node = stored.nodes[i];
        if (node.gpuModel.empty() || registry.find(node.gpuModel))
            continue;
        if (registry.size() >= GpuModelRegistry::kMaxModels)
            throw InputError::atRow(study, "node_list_nodes", fmt::format("position {}", i), "gpu_model",
                                    fmt::format("more than {} GPU models in one run", GpuModelRegistry::kMaxModels),
                                    node.gpuModel);
        registry.add(GpuModel{node.gpuModel, 0, 0, {}});
    }
    return registry;
}

// A trace from the study alone. The target workload is that of the original pod list: in
// replay the sequence is that list reordered; in the experiment it is the list shuffled with
// "-tuned-" clones appended, which are left out again.
std::shared_ptr<const PodTrace> standIn(const StoredRun& stored, const std::string& study)
{
    Cluster cluster;
    cluster.registry = registryFor(stored, study);
    for (const auto& n : stored.nodes)
        cluster.nodes.push_back(NodeSpec{n.name, n.cpuMilli, n.memoryMib, n.gpuCount,
                                         n.gpuModel.empty() ? kNoGpuModel : *cluster.registry.find(n.gpuModel)});
    PodList pods;
    pods.hasTimes = stored.parameters.mode == SimulationMode::Replay;
    for (const auto& pod : stored.sequence)
        if (pods.hasTimes || pod.name.find("-tuned-") == std::string::npos)
            pods.pods.push_back(pod);
    return PodTrace::make(std::move(cluster), std::move(pods), stored.record.inputs);
}

// Why step `i` of a stored run cannot have happened, or nothing. The metrics of a study are
// trusted only as numbers; its placements must also make sense: a pod placed once at a time,
// leaving from where it was, and never taking more than a node has left.
std::optional<std::string> impossibleStep(const Step& step, const NodeState& after, std::optional<Placement>& current)
{
    if (step.kind == StepKind::Departure) {
        if (!current || current->node != step.placement.node || current->gpus != step.placement.gpus)
            return "a departure from where the pod was not placed";
        current.reset();
        return std::nullopt;
    }
    if (!step.placement.placed())
        return std::nullopt;
    if (current)
        return "places a pod that is already placed";
    current = step.placement;
    if (after.cpuLeft < 0 || after.memLeft < 0)
        return "places a pod on a node without room for its CPU or memory";
    for (const auto left : after.gpuLeft)
        if (left < 0)
            return "places a pod on GPUs without room for its share";
    return std::nullopt;
}

// The run's result with a node journal and checkpoints regained from the stored placements:
// each arrival or retry takes its pod's resources, each departure gives them back, exactly the
// moves the simulator made. The metrics are the stored ones, untouched.
std::unique_ptr<SimulationResult> rebuild(const StoredRun& stored, const PodTrace& trace, const std::string& study,
                                          const ProgressCallback& progress)
{
    auto result = std::make_unique<SimulationResult>();
    result->parameters = stored.parameters;
    result->sequence = stored.sequence;
    result->capacityMilli = stored.capacityMilli;
    result->fragmentScale = stored.fragmentScale;
    ClusterState state(trace.cluster, trace.models->fragmentation, trace.models->power);
    Timeline& timeline = result->timeline;
    timeline.begin(state, stored.sampleAt(0));
    std::vector<std::optional<Placement>> placements(stored.sequence.size());
    for (size_t i = 0; i < stored.steps.size(); ++i) {
        Step step = stored.steps[i];
        if (step.placement.placed()) {
            const auto node = uint32_t(step.placement.node);
            const NodeMove move = NodeMove::of(node, stored.sequence[step.pod], step.placement.gpus,
                                               step.kind == StepKind::Departure ? +1 : -1);
            NodeState after = state.state(node);
            move.apply(after);
            if (auto problem = impossibleStep(step, after, placements[step.pod]))
                throw InputError::atRow(study, "pod_run_steps", fmt::format("run_id {}, position {}", stored.record.id, i + 1),
                                        "node", fmt::format("{} (pod {})", *problem, step.pod),
                                        fmt::format("{}", step.placement.node));
            timeline.addMove(move);
            state.setNode(node, after);
        }
        timeline.endStep(step, stored.sampleAt(i + 1), state);
        if (progress && (i + 1) % kStepsPerProgress == 0
            && !progress(double(i + 1) / double(stored.steps.size())))
            throw CancelledError();
    }
    return result;
}

}  // namespace

int64_t PodRunArchive::save(StudyStore& store, const Run& run, const std::string& name)
{
    const auto* pod = dynamic_cast<const PodSchedulingRun*>(&run);
    if (!pod)
        throw std::invalid_argument("PodRunArchive::save: not a pod-scheduling run");
    return store.saveRun(pod->trace().cluster, pod->trace().files, pod->result(), name);
}

std::unique_ptr<PodSchedulingRun> PodRunArchive::load(StudyStore& store, int64_t id, const ProgressCallback& progress)
{
    // Shares of the work: reading the study, then loading the traces again, then the journal.
    constexpr double kRead = 0.3, kReload = 0.7;
    const StoredRun stored = store.loadRun(id);
    if (progress && !progress(kRead))
        throw CancelledError();
    std::optional<Unavailable> unavailable = checkInputs(stored, store.path());
    std::shared_ptr<const PodTrace> trace;
    if (!unavailable)
        trace = reload(stored, progressSlice(progress, kRead, kReload), unavailable);
    if (!trace)
        trace = standIn(stored, store.path());
    auto run = std::make_unique<PodSchedulingRun>(trace,
                                                  rebuild(stored, *trace, store.path(), progressSlice(progress, kReload, 1.0)),
                                                  stored.record.name);
    if (unavailable)
        run->blockFork(unavailable->file, unavailable->problem);
    if (progress)
        progress(1.0);
    return run;
}

}  // namespace tessera
