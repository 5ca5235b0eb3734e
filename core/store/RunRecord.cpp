#include "store/RunRecord.h"

#include "run/RunKindRegistry.h"

#include <limits>

namespace tessera {

const RunRecord::TraceFile* RunRecord::trace() const
{
    const TraceFile* best = nullptr;
    int bestRank = std::numeric_limits<int>::max();
    const auto* own = RunKindRegistry::instance().find(kind);
    if (own && *own)
        for (const RunKindInput& input : (*own)->inputs())
            if (input.workloadRank > 0 && input.workloadRank < bestRank)
                for (const TraceFile& file : inputs)
                    if (file.role == input.role) {
                        best = &file;
                        bestRank = input.workloadRank;
                        break;
                    }
    if (best)
        return best;
    return inputs.empty() ? nullptr : &inputs.front();
}

}  // namespace tessera
