#pragma once

#include <string>

namespace tessera {

// One scalar that sums up a whole run (the final GPU allocation, failed pods, energy, mean JCT,
// SLO attainment, cost): what compare and the report show beside the runs' metrics over time,
// for figures that a metric's last value cannot express.
struct RunSummaryValue {
    std::string key;    // stable id, e.g. "final_alloc_pct"
    std::string label;  // e.g. "GPU allocation at the end"
    std::string unit;   // e.g. "%", "kWh", "pods"
    bool higherIsBetter = true;
    bool count = false;  // a whole number of things: written without decimals
    double value = 0;
};

}  // namespace tessera
