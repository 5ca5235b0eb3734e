#pragma once

#include "inference/InferenceResult.h"

#include <string>
#include <vector>

namespace tessera {

class MigGpuType;

// The inference outputs of contracts.md 8.3, as text: the time-series CSV, the plan CSV and the
// summary table on stdout. Numbers are formatted the same way everywhere (byte-identical runs).
std::string inferenceSeriesHeader();
std::string inferenceSeriesRows(const InferenceResult& result);
std::string inferencePlanHeader();
std::string inferencePlanRows(const InferenceResult& result, const MigGpuType& gpu);
std::string inferenceSummaryTable(const std::vector<InferenceResult>& results);

}  // namespace tessera
