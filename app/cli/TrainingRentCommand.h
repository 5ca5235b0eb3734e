#pragma once

#include "cli/CommandLine.h"

#include <string>
#include <vector>

namespace tessera::cli {

// `tessera-cli training --mode rent ...` (contracts.md 9), after trainingCommand has parsed the
// flags of both modes; returns the exit code.
int trainingRentCommand(const CommandLine& args);

// "8:64:8" -> 8, 16, ..., 64: LO to HI (included when on the grid) by STEP. Throws UsageError.
std::vector<double> parseBudgetSweep(const std::string& text);

}  // namespace tessera::cli
