#include "training/rounds/RandomDraw.h"

#include <algorithm>
#include <utility>

namespace tessera::rounds {

std::optional<GpuList> drawGpus(const std::vector<char>& freeMask, uint32_t n, Rng& rng)
{
    GpuList pool;
    for (uint32_t g = 0; g < freeMask.size(); ++g)
        if (freeMask[g])
            pool.push_back(g);
    if (pool.size() < n)
        return std::nullopt;
    for (uint32_t i = 0; i < n; ++i)
        std::swap(pool[i], pool[i + rng.below(pool.size() - i)]);
    pool.resize(n);
    std::sort(pool.begin(), pool.end());
    return pool;
}

}  // namespace tessera::rounds
