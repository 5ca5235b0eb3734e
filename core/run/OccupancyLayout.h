#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tessera {

// The cells an occupancy view draws, for any run kind: one cell per GPU (or MIG slice),
// grouped by node, nodes grouped by category (the GPU model). Static for a run.
struct OccupancyLayout {
    struct Group {
        std::string name;       // node name
        uint32_t category = 0;  // index into categories
        uint32_t firstCell = 0;
        uint32_t cellCount = 0;
    };
    std::vector<std::string> categories;
    std::vector<Group> groups;  // ordered by category, then by name
    uint32_t cellCount = 0;
};

}  // namespace tessera
