#pragma once

// The outputs of `tessera-cli training --mode place` (contracts.md 9): the job CSV, the rounds
// CSV and the summary table. Numbers are fixed-point with a dot in any locale: seconds with 3
// decimals, GPU-hours and percentages with 4.

#include "training/rounds/RoundRecords.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tessera {

struct PlacementOutcome {
    std::string policy;  // canonical: "pal", "packed-sticky"
    uint64_t seed = 0;
    const rounds::RoundRunResult* result = nullptr;
};

std::string placementJobHeader();     // policy,seed,job_id,arrival_s,start_s,end_s,jct_s,gpus,cost_gpu_h
std::string placementJobRows(const PlacementOutcome& outcome);  // jobs by id
std::string placementRoundsHeader();  // policy,seed,round,time_s,jobs_running,...,preemptions
std::string placementRoundsRows(const PlacementOutcome& outcome);
// Per policy: mean, geometric-mean and p99 JCT, makespan (hours), mean utilisation (%),
// preemptions and mean wait before the first start (hours).
std::string placementSummaryTable(const std::vector<PlacementOutcome>& outcomes);

}  // namespace tessera
