#pragma once

#include "run/PodSchedulingRun.h"
#include "sched/ClusterState.h"

namespace tessera {

// The cluster of a pod-scheduling run at one position: a private ClusterState moved along
// the run's timeline.
class PodSchedulingCursor final : public RunCursor {
public:
    explicit PodSchedulingCursor(const PodSchedulingRun& run);

    size_t position() const override { return position_; }
    void seek(size_t position) override;
    void cellUse(std::vector<float>& use) const override;
    std::string describeCell(uint32_t cell) const override;
    std::string describeGroup(uint32_t group) const override;
    void groupValues(std::vector<float>& values) const override;

    const ClusterState& state() const { return state_; }

private:
    // The pods on GPU `gpu` of `node` at the cursor: placed on it and not departed since.
    std::vector<uint32_t> podsOn(uint32_t node, int gpu) const;
    static std::string describePod(const PodSpec& pod);

    const PodSchedulingRun& run_;
    ClusterState state_;
    size_t position_ = 0;
};

}  // namespace tessera
