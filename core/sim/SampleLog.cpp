#include "sim/SampleLog.h"

#include <algorithm>
#include <limits>

namespace tessera {

namespace {

// `value` narrowed into `out` when it fits.
template <typename Narrow>
bool narrow(int64_t value, Narrow& out)
{
    if (value < std::numeric_limits<Narrow>::min() || value > std::numeric_limits<Narrow>::max())
        return false;
    out = Narrow(value);
    return true;
}

}  // namespace

bool SampleLog::encode(const MetricSample& base, const MetricSample& s, Delta& d)
{
    bool fits = narrow(s.fragmentScaled - base.fragmentScaled, d.fragmentScaled)
        && narrow(s.timeSeconds - base.timeSeconds, d.timeSeconds)
        && narrow(s.arrivedMilli - base.arrivedMilli, d.arrivedMilli)
        && narrow(s.gpuLeftMilli - base.gpuLeftMilli, d.gpuLeftMilli)
        && narrow(s.cpuWatts - base.cpuWatts, d.cpuWatts) && narrow(s.gpuWatts - base.gpuWatts, d.gpuWatts)
        && narrow(int64_t(s.usedGpus) - base.usedGpus, d.usedGpus)
        && narrow(int64_t(s.usedNodes) - base.usedNodes, d.usedNodes)
        && narrow(int64_t(s.pending) - base.pending, d.pending);
    for (size_t c = 0; fits && c < d.failedByClass.size(); ++c)
        fits = narrow(int64_t(s.failedByClass[c]) - base.failedByClass[c], d.failedByClass[c]);
    return fits;
}

MetricSample SampleLog::decode(const MetricSample& base, const Delta& d)
{
    MetricSample s;
    s.timeSeconds = base.timeSeconds + d.timeSeconds;
    s.arrivedMilli = base.arrivedMilli + d.arrivedMilli;
    s.gpuLeftMilli = base.gpuLeftMilli + d.gpuLeftMilli;
    s.fragmentScaled = base.fragmentScaled + d.fragmentScaled;
    s.cpuWatts = base.cpuWatts + d.cpuWatts;
    s.gpuWatts = base.gpuWatts + d.gpuWatts;
    s.usedNodes = base.usedNodes + d.usedNodes;
    s.usedGpus = base.usedGpus + d.usedGpus;
    s.pending = base.pending + d.pending;
    for (size_t c = 0; c < s.failedByClass.size(); ++c)
        s.failedByClass[c] = base.failedByClass[c] + d.failedByClass[c];
    return s;
}

void SampleLog::clear()
{
    deltas_.clear();
    bases_.clear();
    whole_.clear();
    wholeCount_ = 0;
    size_ = 0;
}

void SampleLog::push_back(const MetricSample& sample)
{
    const size_t block = size_ / kBlock, offset = size_ % kBlock;
    if (offset == 0) {
        bases_.push_back(sample);
        whole_.emplace_back();
    }
    Delta d{};
    if (!whole_[block] && !encode(bases_[block], sample, d)) {
        // Keep this block whole from here on: its earlier samples decoded, this one as given.
        whole_[block] = std::make_shared<WholeBlock>();
        ++wholeCount_;
        for (size_t k = 0; k < offset; ++k)
            (*whole_[block])[k] = decode(bases_[block], deltas_[block * kBlock + k]);
    }
    if (whole_[block])
        (*whole_[block])[offset] = sample;
    deltas_.push_back(d);
    ++size_;
}

MetricSample SampleLog::operator[](size_t i) const
{
    const size_t block = i / kBlock;
    if (whole_[block])
        return (*whole_[block])[i % kBlock];
    return decode(bases_[block], deltas_[i]);
}

void SampleLog::assignPrefix(const SampleLog& other, size_t count)
{
    clear();
    // Whole blocks as they are (a block is encoded against its own first sample only), then
    // the partial block's samples afresh.
    const size_t blocks = count / kBlock;
    size_ = blocks * kBlock;
    deltas_.assignPrefix(other.deltas_, size_);
    bases_.assign(other.bases_.begin(), other.bases_.begin() + std::ptrdiff_t(blocks));
    whole_.assign(other.whole_.begin(), other.whole_.begin() + std::ptrdiff_t(blocks));
    wholeCount_ = size_t(std::count_if(whole_.begin(), whole_.end(), [](const auto& w) { return bool(w); }));
    for (size_t i = size_; i < count; ++i)
        push_back(other[i]);
}

size_t SampleLog::sharedBytes(const SampleLog& other) const
{
    size_t shared = deltas_.sharedBytes(other.deltas_);
    for (size_t b = 0; b < whole_.size() && b < other.whole_.size(); ++b)
        shared += whole_[b] && whole_[b] == other.whole_[b] ? sizeof(WholeBlock) : 0;
    return shared;
}

size_t SampleLog::memoryBytes() const
{
    return deltas_.memoryBytes() + bases_.capacity() * sizeof(MetricSample)
        + whole_.capacity() * sizeof(std::shared_ptr<WholeBlock>) + wholeCount_ * sizeof(WholeBlock);
}

}  // namespace tessera
