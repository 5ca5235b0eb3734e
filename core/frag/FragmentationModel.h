#pragma once

#include "frag/TypicalWorkload.h"
#include "model/NodeSpec.h"
#include "model/NodeState.h"

namespace tessera {

// Expected GPU fragmentation of a node against the target workload (fgd-pwr.md 3.2-3.3).
class FragmentationModel {
public:
    explicit FragmentationModel(TypicalWorkload workload) : workload_(std::move(workload)) {}

    // F_n(m) in milli-GPU for one task type.
    static int32_t taskFragment(const NodeSpec& spec, const NodeState& state, const TaskType& m);
    // F_n(M) = sum over types of p_m * F_n(m), milli-GPU, scaled by scale() so that it is an
    // exact integer (p_m = count_m / scale()).
    int64_t nodeFragmentScaled(const NodeSpec& spec, const NodeState& state) const;
    int64_t scale() const { return workload_.coveredPods() > 0 ? workload_.coveredPods() : 1; }
    double toMilli(int64_t scaled) const { return double(scaled) / double(scale()); }

    const TypicalWorkload& workload() const { return workload_; }

private:
    TypicalWorkload workload_;
};

}  // namespace tessera
