#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace tessera::rounds {

// Job order each round (training-boa-pal.md B2 step 3).
enum class RoundScheduler { Fifo, Las, Srtf };

// Placement policies, named as contracts.md section 9 names them: by behaviour (sticky or not),
// never by the artifact's swapped plot labels (B7). packed = Default-Packed-NS,
// packed-sticky = Default-Packed-S, random = Default-Random-NS, random-sticky = Default-Random-S.
enum class RoundPlacement { Pal, PmFirst, Packed, PackedSticky, Random, RandomSticky };

struct RoundParameters {
    double roundS = 360;    // R
    double locality = 1.7;  // L, the speed penalty of a job that spans nodes
    RoundScheduler scheduler = RoundScheduler::Fifo;
    RoundPlacement placement = RoundPlacement::Pal;
    uint64_t seed = 42;  // the Random placements' draws
};

std::string_view schedulerName(RoundScheduler scheduler);      // "fifo", "las", "srtf"
std::string_view placementName(RoundPlacement placement);      // "pal", "pmfirst", "packed", ...
std::optional<RoundScheduler> parseScheduler(std::string_view name);
std::optional<RoundPlacement> parsePlacement(std::string_view name);
// PAL and PM-First preempt every job and re-place it each round (B4); so do packed and random.
bool isSticky(RoundPlacement placement);

}  // namespace tessera::rounds
