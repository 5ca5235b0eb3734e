#include "sched/ResourceText.h"

#include <cmath>

#include <fmt/format.h>

namespace tessera {

namespace {
// At most `decimals` decimals, without trailing zeros: 48, 13.18, 2.816.
std::string trimmed(double value, int decimals)
{
    std::string text = fmt::format("{:.{}f}", value, decimals);
    if (text.find('.') != std::string::npos) {
        text.erase(text.find_last_not_of('0') + 1);
        if (text.back() == '.')
            text.pop_back();
    }
    return text == "-0" ? "0" : text;
}
}  // namespace

std::string vcpuText(int64_t milliCpu)
{
    return trimmed(double(milliCpu) / 1000.0, 3) + " vCPU";
}

std::string gibText(int64_t mib)
{
    return trimmed(double(mib) / 1024.0, 2) + " GiB";
}

std::string gpuRequestText(int64_t gpuCount, int64_t gpuMilli)
{
    if (gpuCount <= 0 || gpuMilli <= 0)
        return "no GPU";
    return fmt::format("{} × {} milli GPU", gpuCount, gpuMilli);
}

}  // namespace tessera
