#pragma once

#include "training/rounds/RoundParameters.h"

#include <cstdint>
#include <string>

namespace tessera {

// The name of a training-placement run with `parameters` and `seed` that says nothing else:
// "PAL · FIFO · seed 42" (the kind adds what differs from its defaults, runNameDetails).
std::string trainingRunName(const rounds::RoundParameters& parameters, uint64_t seed);

}  // namespace tessera
