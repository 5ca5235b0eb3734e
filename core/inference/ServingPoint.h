#pragma once

namespace tessera {

// How one instance serves its class: its size in compute slices, the batch it dispatches, the
// processes (MPS) inside it, and the latency per batch and total throughput that the planner's
// performance model predicts for that point at the class's padded input size.
struct ServingPoint {
    int computeSlices = 0;
    int batch = 0;
    int procs = 1;
    double latencyMs = 0;
    double throughputRps = 0;
};

}  // namespace tessera
