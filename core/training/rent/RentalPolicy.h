#pragma once

// One rental policy (training-boa-pal.md A2, A6), as the event simulation (RentalSimulation)
// drives it. Two shapes:
// - fixed-width policies (boa, fixed:K, greedy) give each job a width when it arrives, which it
//   keeps to its end; the simulation rents exactly the widths of running jobs;
// - resharing policies (hesrpt, autoscale) rent a cluster and re-divide it among the active jobs
//   at every arrival and completion (and every tick, if they ask for one).

#include "training/rent/RentalWorkload.h"

#include <string>
#include <vector>

namespace tessera {

// A job in the system as a resharing policy sees it. The policy sets `width` (0: it waits).
struct ActiveRentalJob {
    size_t job = 0;             // index into RentalWorkload::jobs
    size_t type = 0;
    double arrivalS = 0;
    double remainingS = 0;      // seconds of one-GPU work left
    double width = 0;
};

class RentalPolicy {
public:
    virtual ~RentalPolicy() = default;
    virtual std::string name() const = 0;
    // Called once before the first event; the policy resets any state of an earlier run.
    virtual void begin(const RentalWorkload& workload) = 0;

    virtual bool reshares() const { return false; }

    // Fixed-width policies: the width of workload.jobs[job], called once per job on its arrival,
    // in arrival order.
    virtual double widthOnArrival(size_t /*job*/, double /*nowS*/) { return 1; }

    // Resharing policies: set every active job's width (in arrival order, the oldest first) and
    // return the GPUs rented from now until the next event.
    virtual double reshare(double /*nowS*/, std::vector<ActiveRentalJob>& /*active*/) { return 0; }
    // Seconds between ticks (extra reshare calls while jobs are present); 0: none.
    virtual double tickS() const { return 0; }
};

}  // namespace tessera
