#pragma once

#include "util/Progress.h"

namespace tessera {

// A sub-task's progress as a slice [from, to] of its parent's, so that work made of parts
// (reading a node list, then a pod list) reports one rising fraction. No parent, no callback:
// the sub-task then skips its progress bookkeeping entirely.
inline ProgressCallback progressSlice(const ProgressCallback& parent, double from, double to)
{
    if (!parent)
        return {};
    return [parent, from, to](double fraction) { return parent(from + (to - from) * fraction); };
}

}  // namespace tessera
