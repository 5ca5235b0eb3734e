#pragma once

// Log-binned latencies for the request-level simulator: 512 bins per power of two from 2^-20 s
// (about 1 us) to 2^20 s (12 days). A bin is the double's exponent and top 9 mantissa bits (no
// log()), so it spans at most 1/512 of its lower end, and its midpoint is within 1/1024 (0.098%)
// of every latency in it: the percentiles the simulator reports carry at most that relative error.

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

namespace tessera {

struct LatencyBins {
    static constexpr int kMantissaBits = 9;  // 512 bins per octave
    static constexpr int kShift = 52 - kMantissaBits;
    static constexpr int kOctaves = 40;
    static constexpr uint32_t kCount = uint32_t(kOctaves) << kMantissaBits;
    // The key of 2^-20: the exponent field (1023 - 20) above 9 zero mantissa bits.
    static constexpr int64_t kBase = int64_t(1023 - 20) << kMantissaBits;

    // The bin of a latency in seconds; latencies outside the range fall in the first or last bin.
    static uint32_t of(double seconds)
    {
        const int64_t key = int64_t(std::bit_cast<uint64_t>(seconds) >> kShift) - kBase;
        return uint32_t(std::clamp<int64_t>(key, 0, int64_t(kCount) - 1));
    }

    // The midpoint of a bin (its lower end with the next mantissa bit set), in milliseconds.
    static double midpointMs(uint32_t bin)
    {
        const uint64_t half = uint64_t(1) << (kShift - 1);
        return std::bit_cast<double>((uint64_t(kBase + int64_t(bin)) << kShift) | half) * 1000.0;
    }
};

// A bin and how many latencies fell in it.
struct LatencyBinCount {
    uint32_t bin = 0;
    uint64_t count = 0;
};

// Dense counts over every bin, with the range of bins touched since the last clear, so that
// reading and clearing cost the range, not the 20,480 bins.
class DenseLatencyHistogram {
public:
    // The 160 KB of counts are allocated by the first add or allocate().
    void allocate()
    {
        if (counts_.empty())
            counts_.assign(LatencyBins::kCount, 0);
    }

    void add(uint32_t bin, uint64_t count)
    {
        allocate();
        counts_[bin] += count;
        low_ = std::min(low_, bin);
        high_ = std::max(high_, bin);
    }
    // Adds to a bin without tracking it: the caller has called allocate() and reports the
    // bins' range through touch(), once per batch rather than once per request.
    void addUntracked(uint32_t bin) { ++counts_[bin]; }
    void touch(uint32_t low, uint32_t high)
    {
        low_ = std::min(low_, low);
        high_ = std::max(high_, high);
    }
    bool empty() const { return low_ > high_; }

    // The nearest-rank percentile (p in (0, 1]) as a bin midpoint in ms; 0 when empty.
    double percentileMs(uint64_t total, double p) const
    {
        if (total == 0 || empty())
            return 0;
        const auto rank = std::max<uint64_t>(1, uint64_t(std::ceil(p * double(total))));
        uint64_t seen = 0;
        for (uint32_t b = low_; b <= high_; ++b) {
            seen += counts_[b];
            if (seen >= rank)
                return LatencyBins::midpointMs(b);
        }
        return LatencyBins::midpointMs(high_);
    }

    // Appends the non-zero bins in ascending order, then clears.
    void drainTo(std::vector<LatencyBinCount>& out)
    {
        for (uint32_t b = low_; !empty() && b <= high_; ++b)
            if (counts_[b] != 0) {
                out.push_back({b, counts_[b]});
                counts_[b] = 0;
            }
        reset();
    }

    void clear()
    {
        if (!empty())
            std::fill(counts_.begin() + low_, counts_.begin() + high_ + 1, 0);
        reset();
    }

private:
    void reset()
    {
        low_ = LatencyBins::kCount;
        high_ = 0;
    }
    std::vector<uint64_t> counts_;
    uint32_t low_ = LatencyBins::kCount;
    uint32_t high_ = 0;
};

}  // namespace tessera
