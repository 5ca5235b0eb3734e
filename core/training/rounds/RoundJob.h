#pragma once

#include <cstdint>

namespace tessera::rounds {

// The four application classes of training-boa-pal.md B1, most variability-sensitive first; the
// class index doubles as the B4 class-sort key.
inline constexpr uint32_t kRoundClasses = 4;

// One rigid training job as the round scheduler sees it (training-boa-pal.md B2). The training
// job model converts its own jobs to these through a thin adapter.
struct RoundJob {
    uint32_t id = 0;
    double submitS = 0;          // raw trace submit time; JCT is measured from here
    uint32_t width = 1;          // GPUs, fixed for the whole run
    uint32_t classIndex = 0;     // 0..3 = classA..classD
    double iterationS = 1;       // t_iter: seconds per iteration on an ideal GPU in one node
    double totalIterations = 1;  // the trace's `duration`

    double idealRunS() const { return totalIterations * iterationS; }
    bool operator==(const RoundJob&) const = default;
};

}  // namespace tessera::rounds
