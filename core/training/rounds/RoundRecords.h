#pragma once

#include "training/rounds/RoundCluster.h"
#include "training/rounds/RoundState.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tessera::rounds {

// One round, after its placement (training-boa-pal.md B7; contracts.md 9 rounds CSV).
struct RoundRecord {
    uint32_t round = 0;
    double timeS = 0;  // round * R
    uint32_t jobsRunning = 0;
    uint32_t jobsQueued = 0;  // admitted, not finished, not running
    uint32_t freeGpus = 0;
    double utilisation = 0;  // 1 - free / total
    uint32_t preemptions = 0;
    bool operator==(const RoundRecord&) const = default;
};

// A stretch of rounds a job ran on one GPU set at one rate (a fork that changes L while the job
// keeps its set starts a new span), for the Gantt and the inspector.
struct PlacementSpan {
    uint32_t fromRound = 0;
    uint32_t toRound = 0;  // the round at which it left the set (exclusive)
    double startS = 0;
    double endS = 0;
    GpuList gpus;
    double pmPenalty = 1;
    double localityPenalty = 1;
    bool operator==(const PlacementSpan&) const = default;
};

struct JobRecord {
    uint32_t id = 0;
    uint32_t width = 0;
    uint32_t classIndex = 0;
    double arrivalS = 0;     // the raw submit time
    double firstStartS = 0;  // the first round it ran
    double endS = 0;         // the round end at which it completed
    double jctS = 0;         // endS - arrivalS
    double gpuHours = 0;     // width x the time it held GPUs
    uint32_t preemptions = 0;
    std::vector<PlacementSpan> placements;
    bool operator==(const JobRecord&) const = default;
};

struct RoundSummary {
    uint32_t jobs = 0;
    double meanJctS = 0;
    double geomeanJctS = 0;
    double p99JctS = 0;  // nearest rank: the ceil(0.99 N)-th smallest JCT
    double makespanS = 0;  // last completion - first arrival
    double meanUtilisation = 0;  // over the recorded rounds with at least one job running or queued
    uint64_t totalPreemptions = 0;
    double meanResponsivenessS = 0;  // first start - arrival
    bool operator==(const RoundSummary&) const = default;
};

// A saved state: the one before recorded round `record` (an index into RoundRunResult::rounds).
struct RoundCheckpoint {
    size_t record = 0;
    RoundState state;
    bool operator==(const RoundCheckpoint&) const = default;
};

struct RoundRunResult {
    // Rounds with no job admitted and unfinished (idle, or the last jobs completed) are skipped.
    std::vector<RoundRecord> rounds;
    std::vector<JobRecord> jobs;      // by job id
    RoundSummary summary;
    // Saved states, ascending by record, to explain any round cheaply: every kCheckpointEvery
    // records, and where a fork's parameters take over.
    std::vector<RoundCheckpoint> checkpoints;
    bool operator==(const RoundRunResult&) const = default;
};

RoundSummary summarise(const std::vector<RoundRecord>& rounds, const std::vector<JobRecord>& jobs);

}  // namespace tessera::rounds
