#pragma once

// Realising a fractional width with whole GPUs (training-boa-pal.md A3, "integral widths"):
// a share ceil(k) - k of the type's jobs gets floor(k) GPUs and the rest ceil(k), so the mean
// width is k. A two-point mix whose points are already whole stays as it is; one with a
// fractional point (a fractional k_max) is realised by its mean width.

#include "training/rent/TypeWidth.h"

namespace tessera {

TypeWidth floorCeilMix(const TypeWidth& fractional);

}  // namespace tessera
