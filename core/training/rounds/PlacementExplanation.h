#pragma once

#include "training/rounds/RoundCluster.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tessera::rounds {

// One GPU set a placement rule considered for a job (or a step of the rule that found none), for
// the decision inspector.
struct CandidateSet {
    std::string step;       // the rule's step, e.g. "WITHIN v=0.913", "ACROSS v=0.913", "best fit: node 2"
    GpuList gpus;           // empty: this step found no set
    double maxSf = 0;       // largest binned slowdown factor over gpus (B3)
    double pmPenalty = 1;   // slowest GPU's PerfVar: the speed the job would run at (B2)
    double localityPenalty = 1;  // L when gpus span nodes, else 1
    double cost = 0;        // what the rule ranks by: PAL the step cost (v or v*L), PM-First
                            // maxSf * locality, the baselines pmPenalty * locality (informative only)
    bool chosen = false;
    std::string note;       // why this step found nothing, or why it was taken
    bool operator==(const CandidateSet&) const = default;
};

// What happened to one job in one round's placement.
struct JobDecision {
    uint32_t jobId = 0;
    uint32_t width = 0;
    uint32_t classIndex = 0;
    GpuList previousGpus;  // its set before the round (empty if it was not running)
    GpuList gpus;          // its set after the round (empty if it does not run)
    bool placed = false;
    std::vector<CandidateSet> candidates;
    std::vector<uint32_t> preemptedForIt;  // Packed-S: jobs preempted from the tail to make room
    std::string why;
    bool operator==(const JobDecision&) const = default;
};

// One round's placement, job by job in placement order (after B4's class sort where it applies);
// jobs behind the first failure appear as not tried.
struct RoundDecision {
    uint32_t round = 0;
    double timeS = 0;
    std::vector<JobDecision> jobs;
    std::vector<uint32_t> preemptedJobs;  // as counted in the round's preemptions
    bool operator==(const RoundDecision&) const = default;
};

// A candidate's derived fields (maxSf, pmPenalty, localityPenalty) from its GPU set.
CandidateSet describeCandidate(const RoundCluster& cluster, uint32_t classIndex, double locality, std::string step,
                               GpuList gpus);

}  // namespace tessera::rounds
