// ParvaGPU-like (mig-elasticbatch.md 3.2; MunQ-Lee/ParvaGPU_SC24 src/configurator.c and
// src/allocator.c): per class the best (size, batch, procs <= 5) point, n_opt replicas of it and
// one more instance, of the smallest size that covers the remainder; segments placed largest
// first on the best-fitting GPU; then GPUs using <= 4 compute slices are emptied and their rate
// re-planned as 1g/2g segments. Placements obey Tessera's validity rule (1.1) instead of
// ParvaGPU's slot-only check. Where a class has neither a 1g nor a 2g point, its segments stay
// as they are (ParvaGPU drops their rate).
#include "inference/InferencePolicy.h"
#include "inference/PlanAssembly.h"
#include "mig/MigGpuType.h"
#include "mig/MigLayout.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <deque>
#include <optional>
#include <stdexcept>

namespace tessera {
namespace {

constexpr int kMaxProcs = 5;  // the data's process counts; reproduces the published deployment maps

struct Segment {
    uint32_t classId = 0;
    ServingPoint point;
};

struct ParvaGpu {
    int usage = 0;                         // compute slices of its instances
    std::vector<PlannedInstance> held;     // by start
};

// The per-class outcome of the configurator: the best point, its replicas, the last instance, and
// the best point per size (for the optimisation's 1g/2g re-plan).
struct ClassSegments {
    std::optional<ServingPoint> best;
    int replicas = 0;
    std::optional<ServingPoint> last;
    std::optional<ServingPoint> size1, size2;
};

class Allocator {
public:
    explicit Allocator(const MigGpuType& gpu) : gpu_(gpu) {}

    void enqueue(const Segment& segment) { queueFor(segment.point.computeSlices).push_back(segment); }

    // dequeueing(): the largest queued size first, each on the best-fitting GPU.
    void placeQueued()
    {
        for (int size : {7, 4, 3, 2, 1}) {
            auto& queue = queueFor(size);
            while (!queue.empty()) {
                place(queue.front());
                queue.pop_front();
            }
        }
    }

    // optimization(): from the last GPU to the first, a GPU using <= 4 compute slices is emptied
    // segment by segment (in start order) and each segment's rate, carried per class, is re-planned
    // as 1g/2g segments and placed again at once.
    void optimise(const std::vector<ClassSegments>& classes)
    {
        std::vector<double> carried(classes.size(), 0);
        for (size_t i = gpus_.size(); i-- > 0;) {
            if (gpus_[i].usage > 4)
                continue;
            for (int slot = 0; slot < gpu_.memorySlices(); ++slot) {
                auto it = std::find_if(gpus_[i].held.begin(), gpus_[i].held.end(),
                                       [&](const PlannedInstance& p) { return p.start == slot; });
                if (it == gpus_[i].held.end())
                    continue;
                const PlannedInstance instance = *it;
                const ClassSegments& segments = classes[instance.classId];
                if (!segments.size1 && !segments.size2)
                    continue;  // nothing smaller to re-plan into: the segment stays
                gpus_[i].usage -= instance.point.computeSlices;
                gpus_[i].held.erase(it);
                double& rate = carried[instance.classId];
                rate += instance.point.throughputRps;
                replanSmall(instance.classId, segments, rate);
                placeQueued();
            }
        }
    }

    std::vector<PlannedInstance> instances() const
    {
        // GPUs left empty by the optimisation are not used: number the used ones densely.
        std::vector<PlannedInstance> out;
        uint32_t used = 0;
        for (const ParvaGpu& g : gpus_) {
            if (g.held.empty())
                continue;
            for (PlannedInstance p : g.held) {
                p.gpu = used;
                out.push_back(p);
            }
            ++used;
        }
        return out;
    }

private:
    std::deque<Segment>& queueFor(int size)
    {
        static constexpr std::array<int, 5> sizes{1, 2, 3, 4, 7};
        const auto at = std::find(sizes.begin(), sizes.end(), size);
        if (at == sizes.end())
            throw std::logic_error(fmt::format("no segment queue for size {}", size));
        return queues_[at - sizes.begin()];
    }

    void replanSmall(uint32_t classId, const ClassSegments& segments, double& rate)
    {
        auto add = [&](const ServingPoint& point, int count) {
            for (int k = 0; k < count; ++k) {
                enqueue({classId, point});
                rate -= point.throughputRps;
            }
        };
        if (!segments.size2) {
            add(*segments.size1, static_cast<int>(std::ceil(rate / segments.size1->throughputRps)));
        } else if (!segments.size1) {
            add(*segments.size2, static_cast<int>(std::ceil(rate / segments.size2->throughputRps)));
        } else if (segments.size2->throughputRps / 2 > segments.size1->throughputRps) {
            add(*segments.size2, static_cast<int>(std::floor(rate / segments.size2->throughputRps)));
            add(*segments.size1, static_cast<int>(std::ceil(rate / segments.size1->throughputRps)));
        } else {
            add(*segments.size1, static_cast<int>(std::ceil(rate / segments.size1->throughputRps)));
        }
    }

    // find_fit_gpu (fewest free compute slices that still hold the segment, lowest index on ties,
    // with ParvaGPU's two 3g cases), then the first valid start in ParvaGPU's order; a GPU with no
    // valid start is passed over. A new GPU opens when none fits.
    void place(const Segment& segment)
    {
        const int size = segment.point.computeSlices;
        const uint16_t profile = *gpu_.classicProfileWithComputeSlices(size);
        std::vector<bool> tried(gpus_.size(), false);
        for (;;) {
            std::optional<size_t> best;
            int bestDiff = 1 << 30;
            for (size_t i = 0; i < gpus_.size(); ++i) {
                const int diff = gpu_.computeSlices() - gpus_[i].usage - size;
                if (tried[i] || diff < 0 || diff >= bestDiff || skippedByParva(gpus_[i], size))
                    continue;
                best = i;
                bestDiff = diff;
            }
            if (!best) {
                gpus_.emplace_back();
                best = gpus_.size() - 1;
                tried.push_back(false);
            }
            tried[*best] = true;
            if (const auto start = validStart(gpus_[*best], profile, size)) {
                ParvaGpu& target = gpus_[*best];
                target.usage += size;
                target.held.push_back({segment.classId, profile, static_cast<uint8_t>(*start),
                                       static_cast<uint32_t>(*best), segment.point, false});
                std::sort(target.held.begin(), target.held.end(),
                          [](const PlannedInstance& a, const PlannedInstance& b) { return a.start < b.start; });
                return;
            }
        }
    }

    bool skippedByParva(const ParvaGpu& g, int size) const
    {
        auto sizeAt = [&](int start) {
            for (const PlannedInstance& p : g.held)
                if (p.start == start)
                    return p.point.computeSlices;
            return 0;
        };
        if (size == 3 && sizeAt(4) == 3)
            return true;
        return size == 1 && sizeAt(0) == 3 && sizeAt(4) == 3;
    }

    std::optional<int> validStart(const ParvaGpu& g, uint16_t profile, int size) const
    {
        static const std::vector<int> order7{0}, order4{0}, order3{4, 0}, order2{0, 4, 2}, order1{0, 6, 4, 1, 2, 3, 5};
        const std::vector<int>& order = size == 7 ? order7 : size == 4 ? order4 : size == 3 ? order3
                                       : size == 2 ? order2 : order1;
        MigLayout layout;
        for (const PlannedInstance& p : g.held)
            layout.instances.push_back({p.profile, p.start});
        for (int start : order)
            if (canAdd(gpu_, layout, profile, start))
                return start;
        // Other GPU types than ParvaGPU's: any allowed start.
        for (int start : gpu_.profiles()[profile].starts)
            if (canAdd(gpu_, layout, profile, start))
                return start;
        return std::nullopt;
    }

    const MigGpuType& gpu_;
    std::vector<ParvaGpu> gpus_;
    std::array<std::deque<Segment>, 5> queues_;
};

class ParvaGpuPolicy final : public InferencePolicy {
public:
    std::string spec() const override { return "parvagpu"; }
    std::string label() const override { return "ParvaGPU-like"; }

    InferencePlan plan(const PlanningContext& context) const override
    {
        const ConfigurationGrid grid = profiledGrid(context.gpu, kMaxProcs);
        InferencePlan plan;
        std::vector<ClassSegments> classes(context.classes.size());
        Allocator allocator(context.gpu);
        for (size_t c = 0; c < context.classes.size(); ++c) {
            const WorkloadClass& workload = context.classes[c];
            ClassDecision decision = configureClass(static_cast<uint32_t>(c), workload, context.performance, grid);
            ClassSegments& segments = classes[c];
            const std::vector<int> perSize = bestCandidatePerSize(decision, grid);
            for (size_t s = 0; s < grid.computeSlices.size(); ++s) {
                if (perSize[s] < 0)
                    continue;
                const ServingPoint& point = decision.candidates[perSize[s]].point;
                if (point.computeSlices == 1)
                    segments.size1 = point;
                if (point.computeSlices == 2)
                    segments.size2 = point;
            }
            if (decision.chosen >= 0 && workload.rateRps > 0) {
                const ServingPoint best = decision.candidates[decision.chosen].point;
                segments.best = best;
                // n_opt = floor(r / trp), one fewer on an exact multiple; the last instance is the
                // smallest size whose best point covers the remainder.
                segments.replicas = static_cast<int>(std::floor(workload.rateRps / best.throughputRps));
                if (std::fmod(workload.rateRps, best.throughputRps) == 0)
                    --segments.replicas;
                const double remainder = workload.rateRps - segments.replicas * best.throughputRps;
                for (size_t s = 0; s < grid.computeSlices.size() && !segments.last; ++s)
                    if (perSize[s] >= 0 && remainder <= decision.candidates[perSize[s]].point.throughputRps)
                        segments.last = decision.candidates[perSize[s]].point;
                for (int r = 0; r < segments.replicas; ++r)
                    allocator.enqueue({static_cast<uint32_t>(c), best});
                if (segments.last)
                    allocator.enqueue({static_cast<uint32_t>(c), *segments.last});
                decision.replicas = segments.replicas + (segments.last ? 1 : 0);
                decision.why = fmt::format(
                    "best throughput per slice with up to {} processes; {} x this point and one {}g instance "
                    "for the remaining {:.1f} req/s",
                    kMaxProcs, segments.replicas, segments.last ? segments.last->computeSlices : 0, remainder);
            }
            plan.decisions.push_back(std::move(decision));
        }
        allocator.placeQueued();
        allocator.optimise(classes);
        plan.instances = allocator.instances();
        plan.gpuCount = countGpus(plan.instances);
        return plan;
    }
};

const InferencePolicyRegistration registration("parvagpu", [](std::string_view argument, const MigGpuType&) {
    if (!argument.empty())
        throw std::invalid_argument("parvagpu takes no argument");
    return std::make_unique<ParvaGpuPolicy>();
});

}  // namespace
}  // namespace tessera
