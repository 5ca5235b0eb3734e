#pragma once

// The phases of an inference run: what is in force from a time on. A run has one phase from 0;
// a fork adds one at its position, which may switch the policy, scale the load and scale the
// SLOs together (one mechanism for every what-if a fork can ask).

#include "inference/InferenceScenario.h"
#include "inference/RequestSimulator.h"

#include <memory>
#include <string>
#include <vector>

namespace tessera {

class InferencePolicy;
struct WorkloadClass;

// The policy, load and SLOs in force from fromS until the next phase. The factors apply to the
// scenario as loaded: a run's own load and SLO scales are its first phase's.
struct PolicyPhase {
    double fromS = 0;
    std::shared_ptr<const InferencePolicy> policy;
    double loadScale = 1;  // every service's request rate times this
    double sloScale = 1;   // every service's latency SLO times this
    // Every service's SLO (ms, by scenario service) that the scale applies to, and where those
    // SLOs come from ("SLO row 5"); empty: the scenario's.
    std::vector<double> sloMs{};
    std::string sloSource{};

    // The range a phase's SLO factor may take: tighter than a quarter, and no ParvaGPU model fits
    // on a whole GPU; looser than 4x, and the SLO no longer binds the planner.
    static constexpr double kMinSloScale = 0.25;
    static constexpr double kMaxSloScale = 4;
    static constexpr double kMaxLoadScale = 1000;
};

// Throws std::invalid_argument unless the phases start at 0, ascend, each have a policy, their
// factors are in range and their SLOs (when given) are one above 0 per service of `scenario`.
void checkPhases(const std::vector<PolicyPhase>& phases, const InferenceScenario& scenario);

// Service `service`'s SLO in ms under `phase`: its SLOs (or the scenario's) times its scale.
double phaseSloMs(const PolicyPhase& phase, const InferenceScenario& scenario, uint32_t service);

// The phase in force at timeS (phases ascending, the first from 0).
size_t phaseIndexAt(const std::vector<PolicyPhase>& phases, double timeS);

// Whether phase i changes anything on the one before it (its policy's spec, the load, the SLOs):
// a run re-plans at such a phase's start; at any other it goes on exactly as before.
bool phaseChangesPlan(const std::vector<PolicyPhase>& phases, size_t i);

// The load offered under the phases: every service's rate times the load scale in force. The
// scenario as it is when every phase keeps the load; otherwise each phase that scales it starts
// a rate point of its own (unless the rate stays the same: an arrival segment restarts at every
// rate point, so a needless one would change the draws after it).
InferenceScenario offeredLoad(const InferenceScenario& scenario, const std::vector<PolicyPhase>& phases);

// Sets every class's SLO to its service's under `phase`.
void setSlosFor(std::vector<WorkloadClass>& classes, const InferenceScenario& scenario, const PolicyPhase& phase);

// A request class's SLO over the run (seconds): its service's under the first phase, changed at
// every phase under which it differs from the one before.
void setSloSchedule(ServingClass& serving, const InferenceScenario& scenario, const std::vector<PolicyPhase>& phases);

}  // namespace tessera
