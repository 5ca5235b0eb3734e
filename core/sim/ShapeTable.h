#pragma once

#include "model/PodSpec.h"
#include "sched/Scheduler.h"

#include <map>
#include <tuple>
#include <vector>

namespace tessera {

// Interns pod shapes (c, d, k, gpu_spec, memory): pods of one shape pass the filter and score
// alike on a node. Memory enters no score (fgd-pwr.md 1.1) but does enter the filter, and the
// argmax index keeps feasibility per shape.
class ShapeTable {
public:
    explicit ShapeTable(const std::vector<PodSpec>& pods)
    {
        std::map<std::tuple<int32_t, int32_t, int, uint64_t, int64_t>, ShapeId> ids;
        shapes_.reserve(pods.size());
        for (const auto& p : pods) {
            auto [it, added] = ids.try_emplace({p.cpuMilli, p.gpuMilli, p.gpuCount, p.gpuSpecMask, p.memoryMib},
                                                ShapeId(ids.size()));
            shapes_.push_back(it->second);
        }
        distinct_ = ids.size();
    }
    ShapeId shapeOf(size_t pod) const { return shapes_[pod]; }
    size_t distinct() const { return distinct_; }

    // Per shape, how many of the pods from `firstPod` on have it (Scheduler::expectPods).
    std::vector<uint32_t> podsPerShape(size_t firstPod) const
    {
        std::vector<uint32_t> counts(distinct_, 0);
        for (size_t i = firstPod; i < shapes_.size(); ++i)
            ++counts[shapes_[i]];
        return counts;
    }

private:
    std::vector<ShapeId> shapes_;
    size_t distinct_ = 0;
};

}  // namespace tessera
