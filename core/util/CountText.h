#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace tessera {

// "1 GPU", "0 GPUs", "3 GPUs": a count with its noun, plural unless the count is one. For nouns
// whose plural adds an "s" (GPU, job, node, round).
inline std::string countText(uint64_t count, std::string_view noun)
{
    return fmt::format("{} {}{}", count, noun, count == 1 ? "" : "s");
}

}  // namespace tessera
