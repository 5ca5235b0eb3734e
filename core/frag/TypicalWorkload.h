#pragma once

#include "model/PodSpec.h"

#include <cstdint>
#include <vector>

namespace tessera {

// One task type of the target workload M: a pod shape and its popularity p_m.
struct TaskType {
    int32_t cpuMilli = 0;  // c_m
    int32_t gpuMilli = 0;  // d_m
    int gpuCount = 0;      // k_m
    uint64_t specMask = 0; // T_m
    std::string spec;      // T_m as written, part of the key
    int count = 0;
    double popularity = 0; // p_m, renormalised over the kept types
};

// The "typical pods" of fgd-pwr.md section 3.1: the most frequent (c, d, k, T) keys of the
// original trace, kept until they cover 95% of the pods, renormalised to sum to one.
class TypicalWorkload {
public:
    static TypicalWorkload fromPods(const std::vector<PodSpec>& pods, double coverage = 0.95);

    const std::vector<TaskType>& types() const { return types_; }
    int distinctKeys() const { return distinctKeys_; }
    int coveredPods() const { return coveredPods_; }

private:
    std::vector<TaskType> types_;
    int distinctKeys_ = 0;
    int coveredPods_ = 0;
};

}  // namespace tessera
