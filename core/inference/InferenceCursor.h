#pragma once

#include "run/Run.h"

namespace tessera {

class InferenceRun;
struct PlanEpoch;

// An inference run at one position: the plan in force, drawn as the compute slices its
// instances use on every GPU.
class InferenceCursor final : public RunCursor {
public:
    explicit InferenceCursor(const InferenceRun& run);

    size_t position() const override { return position_; }
    void seek(size_t position) override;
    void cellUse(std::vector<float>& use) const override;
    std::string describeCell(uint32_t cell) const override;
    std::string describeGroup(uint32_t group) const override;
    void groupValues(std::vector<float>& values) const override;
    void cellLayer(size_t layer, std::vector<float>& values) const override;
    void spans(uint32_t group, std::vector<OccupancySpan>& spans) const override;

private:
    const PlanEpoch& epoch() const;
    std::string describeInstance(size_t instance) const;
    // The instance of the current plan using compute slice `slice` of GPU `gpu`, or -1.
    int instanceAt(uint32_t gpu, int slice) const;
    // Whether `gpu` is drained for a reconfiguration at the position's time.
    bool draining(uint32_t gpu) const;

    const InferenceRun& run_;
    size_t position_ = 0;
};

}  // namespace tessera
