#pragma once

#include "run/Run.h"

#include <cstddef>

namespace tessera::chart {

// Where run `b` is while run `a` is at `position`: the one rule by which every view and every
// export places a second run's cursor, markers and zoom. A what-if branch shares its parent's
// decisions (`fork`), so it is at the same position; any other run (another trace, another
// policy) is at the same x: its first position whose x reaches a's x there, as the charts
// draw both runs over one x axis.
size_t matchedPosition(const Run& a, size_t position, const Run& b, bool fork);

}  // namespace tessera::chart
