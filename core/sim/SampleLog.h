#pragma once

#include "sim/MetricSample.h"
#include "util/ChunkedVector.h"

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace tessera {

// A run's metric samples, one per position, in 40 bytes each instead of 88: each block of
// kBlock samples keeps its first sample whole and every sample as its difference from that one,
// in the narrow types one block's worth of steps fits (one step moves one pod: a few counts, a
// node's watts and shares). A block whose differences do not fit (a long replay gap, a huge
// node) keeps its samples whole, so any sequence of samples is stored exactly. Reading a sample
// is O(1).
class SampleLog {
public:
    static constexpr size_t kBlock = 64;

    void clear();
    void push_back(const MetricSample& sample);
    size_t size() const { return size_; }
    MetricSample operator[](size_t i) const;
    // The first `count` samples of `other`, sharing its full blocks (see ChunkedVector).
    void assignPrefix(const SampleLog& other, size_t count);
    size_t memoryBytes() const;
    // Heap bytes of the blocks this log shares with `other`.
    size_t sharedBytes(const SampleLog& other) const;

private:
    struct Delta {
        int64_t fragmentScaled;
        int32_t timeSeconds;
        int32_t arrivedMilli;
        int32_t gpuLeftMilli;
        int32_t cpuWatts;
        int32_t gpuWatts;
        int16_t usedGpus;
        int8_t usedNodes;
        int8_t pending;
        std::array<int8_t, kPodClassCount> failedByClass;
    };
    static_assert(sizeof(Delta) == 40);
    using WholeBlock = std::array<MetricSample, kBlock>;

    static bool encode(const MetricSample& base, const MetricSample& s, Delta& d);
    static MetricSample decode(const MetricSample& base, const Delta& d);

    ChunkedVector<Delta> deltas_;  // one per sample; unused in whole blocks
    std::vector<MetricSample> bases_;                 // the first sample of each block
    std::vector<std::shared_ptr<WholeBlock>> whole_;  // per block: null, or its samples whole
    size_t wholeCount_ = 0;
    size_t size_ = 0;
};

}  // namespace tessera
