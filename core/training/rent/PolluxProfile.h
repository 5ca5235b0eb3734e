#pragma once

// The throughput measurements of one Pollux application (pollux-osdi21/simulator/traces/<app>/):
// placements.csv (`placement,local_bsz,step_time,sync_time`; the placement's digits are the
// GPUs on each node, "24" = 2 + 4 GPUs on 2 nodes, one to sixteen GPUs) and scalability.csv
// (`num_nodes,num_replicas,local_bsz,step_time,sync_time`, six to 64 GPUs). step_time is
// seconds per step and already includes sync_time (A6's correction). Files are read by path;
// their rows never enter the repository.

#include <string>
#include <vector>

namespace tessera {

struct PolluxMeasurement {
    int gpus = 0;           // num_replicas, or the placement's digit sum
    int nodes = 0;          // num_nodes, or the placement's digit count
    std::string placement;  // the digits; empty for a scalability.csv row
    double localBatch = 0;  // local_bsz: samples per GPU per step
    double stepTime = 0;    // seconds per step, sync included
    double syncTime = 0;
    std::string file;
    long line = 0;
};

// Both files of `applicationDir`. Throws InputError (FILE:LINE: column NAME: problem) for a
// missing file or column, a malformed or out-of-range value, a sync_time above its step_time,
// or a configuration measured twice; and FILE: ... for a file without rows.
std::vector<PolluxMeasurement> loadPolluxProfile(const std::string& applicationDir);

}  // namespace tessera
