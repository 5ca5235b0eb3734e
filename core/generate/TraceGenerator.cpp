#include "generate/TraceGenerator.h"

#include "generate/WeightedChoice.h"
#include "util/Rng.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

namespace tessera {

namespace {

// Sub-streams of kGeneratorStream; fixed, since changing one changes every generated trace.
enum GeneratorSubstream : uint64_t { kNodeOrderStream = 0, kPodDrawStream = 1 };

constexpr int kNodeNameDigits = 5;
constexpr int kPodNameDigits = 6;

template <typename T>
void shuffle(std::vector<T>& items, Rng& rng)
{
    for (size_t i = items.size(); i > 1; --i)
        std::swap(items[i - 1], items[rng.below(i)]);
}

// Wide enough for the largest index, so that name order is row order: the experiment
// workload orders pods by name.
int nameWidth(size_t count, int minimum)
{
    int width = 1;
    for (size_t n = count > 0 ? count - 1 : 0; n >= 10; n /= 10)
        ++width;
    return std::max(width, minimum);
}

void requireRowLimit(int64_t count, int64_t scale)
{
    if (count > 0 && scale > TraceGenerator::kMaxRows / count)
        throw std::length_error(fmt::format("more than {} rows at scale {}", TraceGenerator::kMaxRows, scale));
}

int64_t drawIn(const ValueRange& range, Rng& rng)
{
    if (range.low == range.high)
        return range.low;
    return range.low + int64_t(rng.below(uint64_t(range.high - range.low + 1)));
}

std::optional<WeightedChoice> choiceOf(const std::vector<int64_t>& weights)
{
    for (int64_t w : weights)
        if (w > 0)
            return WeightedChoice(weights);
    return std::nullopt;
}

// A class's categorical attribute; with no counts at all the value is empty.
class CategoryDraw {
public:
    explicit CategoryDraw(const std::vector<CategoryCount>& categories)
        : categories_(categories)
    {
        std::vector<int64_t> weights;
        for (const auto& c : categories)
            weights.push_back(c.count);
        choice_ = choiceOf(weights);
    }

    const std::string& draw(Rng& rng) const
    {
        static const std::string kEmpty;
        return choice_ ? categories_[choice_->pick(rng)].value : kEmpty;
    }

private:
    const std::vector<CategoryCount>& categories_;
    std::optional<WeightedChoice> choice_;
};

// The per-class choices, built once rather than per pod.
struct ClassDraws {
    explicit ClassDraws(const PodClassStatistics& c)
        : statistics(c)
        , qos(c.qos)
        , podPhase(c.podPhase)
        , gpuSpec(c.gpuSpec)
        , emptyDeletion(choiceOf({c.deletionPresent, c.deletionEmpty}))
    {
        std::vector<int64_t> weights;
        for (const auto& s : c.shapes)
            weights.push_back(s.count);
        shape = choiceOf(weights);
    }

    const PodClassStatistics& statistics;
    std::optional<WeightedChoice> shape;
    CategoryDraw qos;
    CategoryDraw podPhase;
    CategoryDraw gpuSpec;
    std::optional<WeightedChoice> emptyDeletion;  // index 1: no deletion_time
};

void writeOptional(fmt::memory_buffer& out, const std::optional<int64_t>& value)
{
    if (value)
        fmt::format_to(std::back_inserter(out), "{}", *value);
}

}  // namespace

TraceGenerator::TraceGenerator(const TraceStatistics& statistics, uint64_t seed, int64_t scale)
{
    if (scale < 1)
        throw std::invalid_argument("the scale must be at least 1");
    generateNodes(statistics, seed, scale);
    generatePods(statistics, seed, scale);
}

void TraceGenerator::generateNodes(const TraceStatistics& statistics, uint64_t seed, int64_t scale)
{
    requireRowLimit(statistics.nodeCount(), scale);
    for (const auto& config : statistics.nodeConfigs())
        for (int64_t i = 0; i < config.count * scale; ++i)
            nodes_.push_back(GeneratedNode{{}, config.cpuMilli, config.memoryMib, config.gpus, config.model});
    // The trace lists its configurations interleaved, not grouped.
    Rng rng = Rng::stream(seed, kGeneratorStream, kNodeOrderStream);
    shuffle(nodes_, rng);
    const int width = nameWidth(nodes_.size(), kNodeNameDigits);
    for (size_t i = 0; i < nodes_.size(); ++i)
        nodes_[i].name = fmt::format("openb-node-{:0{}}", i, width);
}

void TraceGenerator::generatePods(const TraceStatistics& statistics, uint64_t seed, int64_t scale)
{
    requireRowLimit(statistics.podCount(), scale);
    std::vector<ClassDraws> classes;
    classes.reserve(statistics.podClasses().size());
    std::vector<uint32_t> classOfPod;
    for (const auto& c : statistics.podClasses()) {
        classes.emplace_back(c);
        classOfPod.insert(classOfPod.end(), size_t(c.count * scale), uint32_t(classes.size() - 1));
    }
    Rng rng = Rng::stream(seed, kGeneratorStream, kPodDrawStream);
    shuffle(classOfPod, rng);

    const auto& bands = statistics.lifetimeBands();
    pods_.reserve(classOfPod.size());
    for (uint32_t classIndex : classOfPod) {
        const ClassDraws& c = classes[classIndex];
        const RequestShape& shape = c.statistics.shapes[c.shape->pick(rng)];
        GeneratedPod pod;
        pod.cpuMilli = drawIn(shape.cpuMilli, rng);
        pod.memoryMib = drawIn(shape.memoryMib, rng);
        pod.gpus = c.statistics.gpus;
        pod.gpuMilli = drawIn(shape.gpuMilli, rng);
        pod.qos = c.qos.draw(rng);
        pod.podPhase = c.podPhase.draw(rng);
        pod.gpuSpec = c.gpuSpec.draw(rng);
        const bool keepsRunning = c.emptyDeletion && c.emptyDeletion->pick(rng) == 1;
        // A pod's lifetime depends on when it was created: the earliest pods of the trace
        // are the long-running survivors of the time before its window.
        const auto creationProbability = int64_t(rng.below(uint64_t(QuantileTable::kOne)));
        pod.creationTime = statistics.creationTime().valueAt(creationProbability);
        const size_t band = size_t(creationProbability * int64_t(bands.size()) / QuantileTable::kOne);
        const int64_t lifetime = bands[band].sample(rng);
        if (!keepsRunning)
            pod.deletionTime = pod.creationTime + lifetime;
        // The trace leaves scheduled_time empty exactly for its Pending pods.
        const int64_t delay = statistics.schedulingDelay().sample(rng);
        if (pod.podPhase != "Pending")
            pod.scheduledTime = std::min(pod.creationTime + delay, pod.deletionTime.value_or(std::numeric_limits<int64_t>::max()));
        pods_.push_back(std::move(pod));
    }
    std::stable_sort(pods_.begin(), pods_.end(),
                     [](const GeneratedPod& a, const GeneratedPod& b) { return a.creationTime < b.creationTime; });
    const int width = nameWidth(pods_.size(), kPodNameDigits);
    for (size_t i = 0; i < pods_.size(); ++i)
        pods_[i].name = fmt::format("openb-pod-{:0{}}", i, width);
}

void TraceGenerator::writeNodeList(std::ostream& out) const
{
    fmt::memory_buffer text;
    fmt::format_to(std::back_inserter(text), "sn,cpu_milli,memory_mib,gpu,model\n");
    for (const auto& n : nodes_)
        fmt::format_to(std::back_inserter(text), "{},{},{},{},{}\n", n.name, n.cpuMilli, n.memoryMib, n.gpus, n.model);
    out.write(text.data(), std::streamsize(text.size()));
}

void TraceGenerator::writePodList(std::ostream& out) const
{
    fmt::memory_buffer text;
    fmt::format_to(std::back_inserter(text), "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,"
                                             "creation_time,deletion_time,scheduled_time\n");
    for (const auto& p : pods_) {
        fmt::format_to(std::back_inserter(text), "{},{},{},{},{},{},{},{},{},", p.name, p.cpuMilli, p.memoryMib,
                       p.gpus, p.gpuMilli, p.gpuSpec, p.qos, p.podPhase, p.creationTime);
        writeOptional(text, p.deletionTime);
        text.push_back(',');
        writeOptional(text, p.scheduledTime);
        text.push_back('\n');
    }
    out.write(text.data(), std::streamsize(text.size()));
}

}  // namespace tessera
