#pragma once

// Request-level simulation of a serving plan (mig-elasticbatch.md 2.5): Poisson arrivals per
// class, shortest-queue routing to the class's replicas, batch dispatch on a full batch or when
// a waiting request has waited 0.45 x its SLO, latency = completion - arrival. A request's SLO is
// the one in force when it arrived (a fork may change the SLOs from its position on).
//
// Routing: each request joins the available replica of its class with the fewest requests,
// waiting or in its running batches (ties: the lowest index in the epoch's replica list). With
// no replica available, requests wait at the class and go, in arrival order, to the first
// replicas to become available.

#include "inference/InferenceScenario.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tessera {

// One instance serving one class: `procs` processes, each running one batch of up to `batch`
// requests at a time; every batch, full or partial, takes batchLatencyS (the profiled point's
// latency: the data has no other value). Before availableFromS (a reconfiguration in progress)
// it takes no request and no batch: requests go to the class's available replicas (spec 2.2
// Step 6, "redirected or queued").
struct ServingReplica {
    uint32_t classId = 0;
    uint32_t batch = 1;
    uint32_t procs = 1;
    double batchLatencyS = 0;
    double availableFromS = 0;
    uint32_t gpu = 0;  // not used by the simulation; for the caller's own bookkeeping
};

// The class's SLO for the requests arriving from fromS on.
struct SloChange {
    double fromS = 0;
    double sloS = 0;
};

// A workload class = (service, bucket); its rate is the service's rate x the bucket's share. The
// planner builds the classes. Rates are piecewise constant: rates[i] holds from rates[i].fromS to
// the next point (rate 0 before the first). The SLO is sloS for the requests arriving before the
// first SLO change, then the change's: a request is judged against, and waits at most 0.45 x,
// the SLO in force when it arrived.
struct ServingClass {
    uint32_t service = 0;
    double sloS = 0;
    std::vector<RatePoint> rates{};
    std::vector<SloChange> sloChanges{};  // ascending fromS
};

// A plan in force from fromS until the next epoch. At an epoch change the requests queued for a
// class move to the new epoch's replicas of the class (routed again by shortest queue in
// arrival order, keeping their arrival times); batches already running complete (and their
// processes are not carried over: the new epoch's replicas start idle). A class with no
// replica keeps its requests pending until an epoch gives it one.
struct ServingEpoch {
    double fromS = 0;
    std::vector<ServingReplica> replicas;
};

// Counts of one interval (or of the whole run), for one service or all of them.
struct RequestStats {
    uint64_t arrived = 0;     // requests that arrived in the interval
    uint64_t completed = 0;   // requests that completed in the interval; the latencies are theirs
    uint64_t withinSlo = 0;   // completed with latency <= SLO
    uint64_t pending = 0;     // at the interval's end: arrived and not completed (queued or running)
    double p50Ms = 0;         // nearest-rank percentiles of the completed requests' latencies, from a
    double p99Ms = 0;         // log-binned histogram (<= 0.098% relative error); 0 when none completed
    double servedRps = 0;     // completed / interval length
};

struct RequestInterval {
    double fromS = 0;
    double toS = 0;
    RequestStats overall;
    std::vector<RequestStats> services;  // [service]
};

struct RequestSimulationResult {
    // One per intervalS from 0, the last one ending at durationS (partial when durationS is not a
    // multiple of intervalS). A completion at exactly an interval's boundary counts in the later one.
    std::vector<RequestInterval> intervals;
    RequestStats total;                     // the whole run (pending: at the end)
    std::vector<RequestStats> totalServices;  // [service]
    // [epoch][replica of that epoch]: seconds of batch processing started in the epoch (cut at
    // durationS) divided by the replica's procs: busy time as a share of the replica's capacity.
    std::vector<std::vector<double>> busyS;
};

// Simulates [0, durationS). Classes are independent and simulated in parallel on `threads`
// threads; each class draws from its own mt19937_64 seeded from (seed, class index), so the result
// is identical at any thread count. Requests still queued or running at durationS count as
// pending. Throws std::invalid_argument for a malformed plan (a replica of an unknown class, a
// batch or process count of 0, a latency <= 0, epochs out of order, ...).
RequestSimulationResult simulateRequests(const std::vector<ServingClass>& classes,
                                         const std::vector<ServingEpoch>& epochs, size_t serviceCount,
                                         double durationS, double intervalS, uint64_t seed,
                                         unsigned threads = 1);

// The dispatch timeout as a share of the SLO (spec 2.5).
constexpr double kDispatchTimeoutShareOfSlo = 0.45;

}  // namespace tessera
