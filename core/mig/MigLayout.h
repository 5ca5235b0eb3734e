#pragma once

#include "mig/MigGpuType.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tessera {

// One GPU instance: a profile (an index into MigGpuType::profiles()) at a first memory slice.
struct MigInstance {
    uint16_t profile = 0;
    uint8_t start = 0;

    friend bool operator==(const MigInstance&, const MigInstance&) = default;
};

// The GPU instances of one GPU, kept sorted by start (two valid instances never share one).
struct MigLayout {
    std::vector<MigInstance> instances;

    friend bool operator==(const MigLayout&, const MigLayout&) = default;
};

// The validity rule of mig-elasticbatch.md 1.1: every instance at an allowed start of a known
// profile, no two memory intervals overlapping, no profile above its max #, and at most one `+me`
// instance per GPU (the whole GPU has one JPEG and one OFA; on A30 this is the spec's inferred
// rule, on the 7-slice types it follows from the one `+me` profile's max of 1).
// nullopt when the layout is valid; otherwise the first problem found, naming the instance
// (`PROFILE@START`) and the rule it breaks. The order of the instances does not matter.
std::optional<std::string> layoutProblem(const MigGpuType& type, const MigLayout& layout);

// Whether `profile@start` can be added to a valid layout and leave it valid.
bool canAdd(const MigGpuType& type, const MigLayout& layout, uint16_t profile, int start);

// Bit c set when compute slice c is in use. A profile of g compute slices at memory start s uses
// compute [s, s+g): so 3g@0 uses compute 0-2 while its memory covers 0-3, and 1g.10gb@2 uses
// compute 2 only.
uint32_t computeSliceMask(const MigGpuType& type, const MigLayout& layout);
uint32_t memorySliceMask(const MigGpuType& type, const MigLayout& layout);
int computeSlicesUsed(const MigGpuType& type, const MigLayout& layout);

// Free compute slices that no profile of the type can still use, because no instance covering
// them can be added (e.g. 1 for 3g@0 + 3g@4, 3 for 1g.10gb at 0, 2, 4 and 6).
int strandedComputeSlices(const MigGpuType& type, const MigLayout& layout);

// "2g.10gb@0 1g.5gb@2 ...": each instance `PROFILE@START` in the layout's order.
std::string layoutText(const MigGpuType& type, const MigLayout& layout, char separator = ' ');
std::string instanceText(const MigGpuType& type, const MigInstance& instance);

// The inverse of layoutText (empty fields between separators are ignored); the instances come
// back sorted by start. Throws std::invalid_argument with a reason for an unknown profile, a
// start that is not a whole number, or a layout layoutProblem rejects.
MigLayout parseLayout(const MigGpuType& type, std::string_view text, char separator = ' ');

// The layout's profiles as a sorted list: equal for two layouts with the same multiset.
std::vector<uint16_t> profileMultiset(const MigLayout& layout);

void sortByStart(MigLayout& layout);

}  // namespace tessera
