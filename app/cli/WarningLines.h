#pragma once

#include "io/InputError.h"

#include <fmt/format.h>

#include <cstdio>

namespace tessera::cli {

// What a load accepted but noticed, one `warning: FILE:LINE: ...` line each on stderr (docs/cli.md,
// "Exit codes and streams"). Printed whatever --quiet says: --quiet silences progress, never a
// warning about the input.
inline void printWarnings(const LoadWarnings& warnings)
{
    for (const auto& line : warnings.lines)
        fmt::print(stderr, "warning: {}\n", line);
}

}  // namespace tessera::cli
