#pragma once

// A ready-made variability table: PAL's `32gpu-variability.csv` (a leading index column with an
// empty header, then GPU_ID, GPU_UUID, Local_GPU_ID, Node_ID, IP_addr, IN_USE, JOB_IDS,
// PerfVar_classA..D) or the reference's `perfvar-seed42.csv` (GPU_ID, Node_ID, PerfVar_*).

#include "training/VariabilityTable.h"

#include <string>

namespace tessera {

// Rows must list GPU_ID 0, 1, 2, ... in order; scores are decimals above 0 and at most 1000.
// Throws InputError (file, line, column) for anything else, and for a file without rows.
VariabilityTable loadVariabilityTable(const std::string& path);

}  // namespace tessera
