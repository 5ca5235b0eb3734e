#include "run/LastInUse.h"

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

}  // namespace tessera
