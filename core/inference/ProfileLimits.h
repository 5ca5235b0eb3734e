#pragma once

#include <cstddef>

namespace tessera {

// What a profile or SLO file may hold (contracts.md 4), in the style of SpecLimits: far above
// any real measurement, and low enough that nothing absurd (a 10^12-row file, a batch of 2^40)
// reaches the predictor or the planners.
struct ProfileLimits {
    static constexpr long long kMaxBatch = 65536;
    // MPS allows at most 48 client processes per GPU (Volta and later).
    static constexpr long long kMaxProcesses = 48;
    static constexpr double kMaxLatencySeconds = 3600;
    // 1 us: below it a latency is noise, and its logarithm and p*b/latency stop being sane.
    static constexpr double kMinLatencySeconds = 1e-6;
    static constexpr double kMaxThroughputRps = 1e9;
    // 5 sizes x 9 batches x 5 processes = 225 rows per model in the ParvaGPU data.
    static constexpr size_t kMaxRowsPerModel = 100'000;
    static constexpr size_t kMaxModels = 256;
    static constexpr size_t kMaxSloRows = 10'000;
    static constexpr double kMaxRateRps = 1e9;
    static constexpr double kMaxSloMs = 3.6e6;
};

}  // namespace tessera
