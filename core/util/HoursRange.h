#pragma once

#include <cmath>
#include <string>

#include <fmt/format.h>

namespace tessera {

// "0–7.6 h": a stretch of seconds in hours to a tenth, for a sentence about a workload's
// arrivals.
inline std::string hoursRange(double fromS, double toS)
{
    const auto hours = [](double s) { return std::round(s / 360.0) / 10.0; };
    return fmt::format("{:g}–{:g} h", hours(fromS), hours(toS));
}

}  // namespace tessera
