#pragma once

#include <string>

// Times simulateRequests on row `row` (1-6) of the ParvaGPU SLO files in `sloDir` for
// `durationS` seconds, with a hand-built replica set, and prints one line with the median.
void benchInference(const std::string& sloDir, int row, double durationS, int repeat, unsigned threads);

// The same for the services of a scenario file (one class each), replicas for each one's peak.
void benchInferenceScenario(const std::string& path, int repeat, unsigned threads);
