#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <string>
#include <vector>

namespace tessera::cli {

// The line every command that saves to a study ends with: "saved to STUDY: run 3" or
// "saved to STUDY: runs 3-8" (ids of one batch are consecutive); nothing when none was saved.
inline void printSavedRuns(const std::string& study, const std::vector<int64_t>& ids)
{
    if (ids.size() == 1)
        fmt::print("saved to {}: run {}\n", study, ids.front());
    else if (!ids.empty())
        fmt::print("saved to {}: runs {}-{}\n", study, ids.front(), ids.back());
}

}  // namespace tessera::cli
