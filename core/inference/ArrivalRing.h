#pragma once

// A FIFO of request arrival times for the request-level simulator's queues: a power-of-two ring
// that doubles when full, so pushing and popping never allocate once it has grown to the
// queue's working size (no allocation per request).

#include <algorithm>
#include <cstdint>
#include <vector>

namespace tessera {

class ArrivalRing {
public:
    explicit ArrivalRing(uint32_t capacity = 16)
    {
        uint32_t c = 16;
        while (c < capacity)
            c *= 2;
        buffer_.resize(c);
        mask_ = c - 1;
    }

    uint32_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    // The i-th oldest (0: the front); i < size().
    double at(uint32_t i) const { return buffer_[(head_ + i) & mask_]; }
    double front() const { return buffer_[head_]; }

    void push(double arrivalS)
    {
        if (size_ == buffer_.size())
            grow();
        buffer_[(head_ + size_) & mask_] = arrivalS;
        ++size_;
    }

    void pop(uint32_t n)
    {
        head_ = (head_ + n) & mask_;
        size_ -= n;
    }

    void clear()
    {
        head_ = 0;
        size_ = 0;
    }

    // Appends every queued arrival, oldest first.
    void appendTo(std::vector<double>& out) const
    {
        for (uint32_t i = 0; i < size_; ++i)
            out.push_back(at(i));
    }

private:
    void grow()
    {
        std::vector<double> bigger(buffer_.size() * 2);
        for (uint32_t i = 0; i < size_; ++i)
            bigger[i] = at(i);
        buffer_.swap(bigger);
        head_ = 0;
        mask_ = uint32_t(buffer_.size() - 1);
    }

    std::vector<double> buffer_;
    uint32_t head_ = 0;
    uint32_t size_ = 0;
    uint32_t mask_ = 0;
};

}  // namespace tessera
