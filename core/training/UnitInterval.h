#pragma once

#include "util/Rng.h"

namespace tessera {

// A uniform double in [0, 1) from the top 53 bits of one draw.
inline double unitInterval(Rng& rng) { return double(rng.next() >> 11) * (1.0 / 9007199254740992.0); }

}  // namespace tessera
