#pragma once

// The event simulation of renting GPUs for malleable training jobs (training-boa-pal.md A4).
//
// Events are arrivals and completions (and a resharing policy's ticks). Deterministic: the same
// workload, policy and options give the same result, bit for bit; simultaneous events are taken
// completions first, then arrivals in workload order.
//
// Cost, for n jobs:
// - fixed-width policies: O(n log n), a heap of completion times and a FIFO queue behind the
//   optional cap (100,000 jobs take a few tens of milliseconds in Release);
// - resharing policies: O(E (m + R)) for E events, m jobs in the system at an event and R the
//   policy's reshare cost (heSRPT: m log m; autoscale: G log m for G rented GPUs). Each event
//   advances every active job's remaining work once and scans for the next completion; nothing
//   is quadratic in n.

#include "training/rent/RentalPolicy.h"
#include "training/rent/RentalResult.h"
#include "training/rent/RentalWorkload.h"

#include <limits>

namespace tessera {

struct RentalOptions {
    // Fixed-width policies only: at most this many GPUs rented at once; arrivals that do not fit
    // wait in a FIFO queue (the head blocks the rest). Infinity: no cap, no queue (A2).
    double capGpus = std::numeric_limits<double>::infinity();
};

class RentalSimulation {
public:
    // Throws std::invalid_argument for an invalid workload (validateRentalWorkload) or a cap
    // that is not positive.
    RentalSimulation(const RentalWorkload& workload, RentalOptions options = {});

    // Runs the policy over the whole workload. Throws std::invalid_argument when the policy gives
    // a job a width that is not finite and positive or larger than the cap, and std::logic_error
    // when a resharing policy holds more GPUs than it rents or leaves every waiting job without
    // GPUs and no event ahead.
    RentalResult run(RentalPolicy& policy) const;

private:
    RentalResult runFixedWidth(RentalPolicy& policy) const;
    RentalResult runResharing(RentalPolicy& policy) const;
    RentalResult emptyResult(const RentalPolicy& policy) const;

    const RentalWorkload& workload_;
    RentalOptions options_;
};

}  // namespace tessera
