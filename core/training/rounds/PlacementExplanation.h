#pragma once

#include "training/rounds/RoundCluster.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tessera::rounds {

// Where a step of a placement rule looks for GPUs.
enum class StepLocality : uint8_t {
    Any,          // the rule does not confine the set (PM-First, Packed, Random): it spans nodes or not
    WithinNode,   // PAL's WITHIN steps: all n GPUs in one node
    AcrossNodes,  // PAL's ACROSS steps: any free GPUs of the bin, so possibly several nodes
};

// One step of a placement rule for one job, for the decision inspector: the GPU set the step
// gives (or none), in the rule's traversal order. A rule walks its steps until one has room (the
// chosen one); the steps after it were never reached, and are listed too, with the set they
// would have given where the rule can say it (PAL), so that "why not that step?" is answered.
struct CandidateSet {
    std::string step;       // e.g. "within ≤ 0.913", "across ≤ 0.913", "PM-First ≤ 0.985", "best fit: node 2"
    double bin = 0;         // the step's slowdown bin v: it takes GPUs of binned sf <= v; 0 when the rule has
                            // no bins (Packed, Random)
    StepLocality locality = StepLocality::Any;
    GpuList gpus;           // the set the step gives (would give, if not reached); empty: too few free GPUs
    double maxSf = 0;       // largest binned slowdown factor over gpus (B3)
    double pmPenalty = 1;   // slowest GPU's PerfVar: the speed the job would run at (B2)
    double localityPenalty = 1;  // L when gpus span nodes, else 1
    // What the rule ranks its steps by: PAL's v (within a node) or v*L (across nodes); PM-First's
    // bin v, times L when the set it gives spans nodes. 0 when the rule ranks nothing (Packed,
    // Random: one set, no alternatives).
    double cost = 0;
    bool reached = true;    // false: the rule stopped at an earlier step
    bool chosen = false;    // the step whose set the job took
    std::string note;       // why the step was taken, found no room, or was not reached
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
    std::vector<CandidateSet> candidates;  // in the rule's traversal order
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
    std::vector<uint32_t> preemptedJobs;  // job ids, as counted in the round's preemptions
    bool operator==(const RoundDecision&) const = default;
};

// A candidate's derived fields (maxSf, pmPenalty, localityPenalty) from its GPU set; its cost is
// left for the rule to set.
CandidateSet describeCandidate(const RoundCluster& cluster, uint32_t classIndex, double locality, std::string step,
                               GpuList gpus);

}  // namespace tessera::rounds
