#pragma once

#include "run/Run.h"

namespace tessera {

class TrainingRentalRun;

// A rental run at one position: the GPUs each job type holds, one cell per GPU of the type's
// peak (a fractional width fills its last cell in part).
class TrainingRentalCursor final : public RunCursor {
public:
    explicit TrainingRentalCursor(const TrainingRentalRun& run) : run_(run) {}

    size_t position() const override { return position_; }
    void seek(size_t position) override;
    void cellUse(std::vector<float>& use) const override;
    std::string describeCell(uint32_t cell) const override;
    std::string describeGroup(uint32_t group) const override;
    void groupValues(std::vector<float>& values) const override;

private:
    const TrainingRentalRun& run_;
    size_t position_ = 0;
};

}  // namespace tessera
