#include "inference/OomRule.h"

namespace tessera {

bool oomRuleFeasible(const std::vector<ProfiledPoint>& points, int memorySlices, double batch, int procs)
{
    if (memorySlices <= 0)
        return false;
    bool dominated = false;
    for (const ProfiledPoint& p : points) {
        if (profiledMemorySlices(p.computeSlices) != memorySlices)
            continue;
        if (p.oom() && p.batch <= batch && p.procs <= procs)
            return false;
        if (!p.oom() && p.batch >= batch && p.procs >= procs)
            dominated = true;
    }
    return dominated;
}

}  // namespace tessera
