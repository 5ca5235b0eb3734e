#pragma once

// A fork of a fixed-width rental run (docs/boa-choices.md "Forks"): jobs that arrived up to the
// fork time keep the widths the parent gave them (A2: a width never changes), later arrivals
// get the widths of another fixed-width policy. Resharing policies re-divide their cluster at
// every event, so they have no such cut and are not phased.

#include "training/rent/RentalPolicy.h"

#include <stdexcept>
#include <vector>

namespace tessera {

class PhasedRentalPolicy final : public RentalPolicy {
public:
    // `parentWidths[j]`: the width of workload job j in the parent, used for jobs arriving at or
    // before `forkS`. Throws std::invalid_argument for a resharing `next`.
    PhasedRentalPolicy(std::vector<double> parentWidths, double forkS, RentalPolicy& next)
        : parentWidths_(std::move(parentWidths)), forkS_(forkS), next_(next)
    {
        if (next_.reshares())
            throw std::invalid_argument("only a fixed-width policy can take over a fixed-width run's later arrivals");
    }
    std::string name() const override { return next_.name(); }
    void begin(const RentalWorkload& workload) override
    {
        if (parentWidths_.size() != workload.jobs.size())
            throw std::invalid_argument("the parent's widths are not one per job of the workload");
        next_.begin(workload);
        workload_ = &workload;
    }
    double widthOnArrival(size_t job, double nowS) override
    {
        return workload_->jobs[job].arrivalS <= forkS_ ? parentWidths_[job] : next_.widthOnArrival(job, nowS);
    }

private:
    std::vector<double> parentWidths_;
    double forkS_;
    RentalPolicy& next_;
    const RentalWorkload* workload_ = nullptr;
};

}  // namespace tessera
