#pragma once

#include "inference/InferenceScenario.h"

#include <string_view>

namespace tessera {

struct SloTable;

// `N` or `N:M@T` (contracts.md 8.3): row N of the SLO files, switching to row M's rates at T s.
struct SloRowSelection {
    int row = 0;        // 1-based
    int switchRow = 0;  // 0: no switch
    double switchAtS = 0;
};

// Throws std::invalid_argument naming what is wrong with `text`.
SloRowSelection parseSloRows(std::string_view text, size_t rowCount);

// The ParvaGPU scenario of a row: every model present in it serves Poisson requests at its rate
// with its latency SLO for `durationS`; with a switch, the rates become row M's at T (a model
// absent from one of the two rows has rate 0 there; its SLO is the first row's that has it).
// Requests have the profiled size (size factor 1).
InferenceScenario parvaScenario(const SloTable& table, const SloRowSelection& rows, double durationS);

}  // namespace tessera
