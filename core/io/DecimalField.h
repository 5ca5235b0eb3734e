#pragma once

#include "io/CsvTable.h"

namespace tessera {

// A decimal field (`0.005`, `196.762`, `1e3`) that must be finite, >= 0 and <= max; anything
// else (text, `nan`, `inf`, a sign, trailing bytes) is an InputError naming file, line and column.
double decimalField(const CsvField& field, int column, double max);

}  // namespace tessera
