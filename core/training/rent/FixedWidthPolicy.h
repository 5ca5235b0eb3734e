#pragma once

// `fixed:K` (training-boa-pal.md A6, issue 14's fixed widths 1, 2, 4, 8): every job gets K GPUs on
// arrival, whatever its type. Held to the budget by a FIFO cap (RentalBudget.h).

#include "training/rent/RentalPolicy.h"

namespace tessera {

class FixedWidthPolicy final : public RentalPolicy {
public:
    static constexpr int kMaxGpus = 4096;
    // Throws std::invalid_argument unless 1 <= gpus <= kMaxGpus.
    explicit FixedWidthPolicy(int gpus);
    std::string name() const override;
    void begin(const RentalWorkload&) override {}
    double widthOnArrival(size_t, double) override { return gpus_; }
    int gpus() const { return gpus_; }

private:
    int gpus_;
};

}  // namespace tessera
