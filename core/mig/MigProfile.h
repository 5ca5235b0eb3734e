#pragma once

#include <string>
#include <vector>

namespace tessera {

// One row of a MIG profile table (mig-elasticbatch.md 1.2): a GPU-instance profile, its size in
// compute and memory slices, and where it may be placed. SMs are stored per profile, never
// derived from the slice count: on H100 they are not linear in it.
struct MigProfile {
    std::string name;        // e.g. "3g.20gb", "1g.5gb+me"
    int giProfileId = 0;     // the NVML GI profile id (`nvidia-smi mig -lgip`)
    int computeSlices = 0;   // g
    int memorySlices = 0;    // placement size
    int sms = 0;
    int maxCount = 0;        // instances of this profile per GPU
    std::vector<int> starts; // allowed first memory slices, ascending
    double usableGiB = 0;
    bool mediaExtensions = false;  // a `+me` profile (NVDEC/JPEG/OFA attached)
};

}  // namespace tessera
