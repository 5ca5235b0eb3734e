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

    // The ranges the command line accepts and a study must hold.
    static constexpr double kMinTune = 0.01;
    static constexpr double kMaxTune = 10.0;
    static constexpr int64_t kMaxReplayStepSeconds = 1'000'000'000;
};

std::string_view modeName(SimulationMode mode);

}  // namespace tessera
