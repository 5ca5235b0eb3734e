#pragma once

#include "run/Run.h"

#include <cstdint>
#include <vector>

namespace tessera {

class TrainingPlacementRun;

// A training-placement run after one round: which job holds each GPU.
class TrainingPlacementCursor final : public RunCursor {
public:
    explicit TrainingPlacementCursor(const TrainingPlacementRun& run);

    size_t position() const override { return position_; }
    void seek(size_t position) override;
    void cellUse(std::vector<float>& use) const override;
    std::string describeCell(uint32_t cell) const override;
    std::string describeGroup(uint32_t group) const override;
    void groupValues(std::vector<float>& values) const override;
    void cellLayer(size_t layer, std::vector<float>& values) const override;

private:
    // "job 42 (class A, 4 GPUs on GPUs 4-7, since 3.10 h)".
    std::string describeJob(int32_t job) const;

    const TrainingPlacementRun& run_;
    size_t position_ = 0;
    std::vector<int32_t> jobs_;  // per GPU: index into the run's job records, or -1
    // The score layer's ramp: the cluster's lowest PerfVar, and its highest that is no outlier
    // of its class (outlierLimit).
    double lowScore_ = 1;
    double highScore_ = 0;
};

}  // namespace tessera
