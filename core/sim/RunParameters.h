#pragma once

#include "sched/PolicySpec.h"
#include "sched/TieOrder.h"

#include <cstdint>
#include <string>

namespace tessera {

enum class SimulationMode { Experiment, Replay };

// Everything besides the inputs that determines a run's result.
struct RunParameters {
    PolicySpec policy;
    uint64_t seed = 42;
    SimulationMode mode = SimulationMode::Experiment;
    double tune = 1.3;            // experiment: inflate to tune x GPU capacity
    TieOrderKind tieOrder = TieOrderKind::Seeded;
    int64_t replayStepSeconds = 3600;
};

std::string_view modeName(SimulationMode mode);

}  // namespace tessera
