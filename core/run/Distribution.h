#pragma once

#include <string>
#include <utility>
#include <vector>

namespace tessera {

// A run's distribution of one quantity (request latency, job completion time), for compare and
// the report: either every value, or the quantiles the kind already knows. quantile() answers
// from whichever is there, so that readers need not know which.
struct Distribution {
    std::string key;    // stable id, e.g. "latency_ms"
    std::string label;  // e.g. "Request latency"
    std::string unit;   // e.g. "ms"
    bool higherIsBetter = false;
    std::vector<double> values;                       // every sample, any order; or empty
    std::vector<std::pair<double, double>> quantiles;  // (q in [0, 1], value), q ascending; or empty

    // The q-quantile (q in [0, 1]): nearest rank over `values`, else the listed quantile at q
    // (interpolated linearly between listed ones); NaN when neither is there.
    double quantile(double q) const;
};

}  // namespace tessera
