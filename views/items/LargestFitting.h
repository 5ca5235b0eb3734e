#pragma once

namespace tessera::views {

// The largest size in [lo, hi] for which `fits(size)` holds, given that fitting sizes form a
// prefix (a larger cell or slot never makes a grid shorter); lo when none fits. Bisects.
template <class Fits>
int largestFitting(int lo, int hi, Fits fits)
{
    while (lo < hi) {
        const int mid = (lo + hi + 1) / 2;
        if (fits(mid))
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

}  // namespace tessera::views
