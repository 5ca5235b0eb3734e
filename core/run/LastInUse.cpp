#include "run/LastInUse.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace tessera {

LastInUse LastInUse::of(const Run& run)
{
    const auto cursor = run.cursor();
    std::vector<float> use;
    for (size_t p = run.steps() + 1; p-- > 0;) {
        cursor->seek(p);
        cursor->cellUse(use);
        if (std::any_of(use.begin(), use.end(), [](float u) { return u > 0.0f; }))
            return {p, p == run.steps(), true};
    }
    return {run.steps(), true, false};
}

std::string LastInUse::note(const Run& run) const
{
    const RunWords words = run.words();
    const std::string unit = run.layout().unitName.empty() ? "GPU" : run.layout().unitName;
    if (!found)
        return fmt::format("no {} is in use at any {}", unit, words.step);
    return atEnd ? "the end of the run" : fmt::format("the last {} with a {} in use", words.step, unit);
}

}  // namespace tessera
