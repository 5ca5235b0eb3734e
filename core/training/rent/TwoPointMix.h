#pragma once

// Realises a two-point mix deterministically (training-boa-pal.md A3): of the first n jobs asked,
// floor(n * lowShare) take the low point, so the share holds over every prefix to within one job
// (a low-discrepancy sequence, no random draw).

#include <cmath>
#include <cstdint>

namespace tessera {

class TwoPointMix {
public:
    explicit TwoPointMix(double lowShare = 1) : share_(lowShare) {}

    bool nextIsLow()
    {
        ++asked_;
        // The 1e-9 keeps shares such as 0.3 from losing a job to rounding (0.3 * 10 = 2.9999...).
        if (double(lows_) < std::floor(double(asked_) * share_ + 1e-9)) {
            ++lows_;
            return true;
        }
        return false;
    }

private:
    double share_;
    uint64_t asked_ = 0;
    uint64_t lows_ = 0;
};

}  // namespace tessera
