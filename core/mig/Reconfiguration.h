#pragma once

#include <cstdint>
#include <span>

namespace tessera {

// A GPU instance that serves one workload class (tag): what a planner places on a GPU.
struct PlacedInstance {
    uint16_t profile = 0;  // index into MigGpuType::profiles()
    uint8_t start = 0;
    uint32_t tag = 0;      // the class it serves

    friend bool operator==(const PlacedInstance&, const PlacedInstance&) = default;
};

struct ReconfigurationCost {
    int created = 0;
    int destroyed = 0;
    int kept = 0;
    double delaySeconds = 0;
};

// What changing one GPU's instances from `before` to `after` costs (mig-elasticbatch.md 1.4): an
// instance whose (tag, profile, start) is in both is kept and not charged (matched as multisets);
// every other instance of `before` is destroyed and every other of `after` created. The delay is
// secondsPerInstance for each created or destroyed instance (callers default to 5 s), so 0 when
// nothing changes.
ReconfigurationCost reconfigurationCost(std::span<const PlacedInstance> before, std::span<const PlacedInstance> after,
                                        double secondsPerInstance);

}  // namespace tessera
