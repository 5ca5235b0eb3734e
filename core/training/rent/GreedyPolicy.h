#pragma once

// `greedy` renting (training-boa-pal.md A6): each job rents the width its trace requested, on
// arrival, with no budget optimisation. Held to the budget by a FIFO cap (RentalBudget.h).

#include "training/rent/RentalPolicy.h"

namespace tessera {

class GreedyPolicy final : public RentalPolicy {
public:
    std::string name() const override { return "greedy"; }
    void begin(const RentalWorkload& workload) override { workload_ = &workload; }
    double widthOnArrival(size_t job, double) override { return workload_->jobs[job].requestedGpus; }

private:
    const RentalWorkload* workload_ = nullptr;
};

}  // namespace tessera
