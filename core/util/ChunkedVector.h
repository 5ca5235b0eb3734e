#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace tessera {

// An append-only array in fixed blocks of 2^kShift elements. Unlike std::vector it never copies
// what it holds to grow, so a long run's record needs no transient second copy and wastes at
// most one block: its memory is its size, which is what a timeline reports per decision.
// Append-only also means a full block never changes again, so a prefix (a fork's shared past)
// shares the full blocks it spans and copies only the last, partial one.
template <typename T, size_t kShift = 10>
class ChunkedVector {
public:
    static constexpr size_t kBlock = size_t(1) << kShift;

    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const T& operator[](size_t i) const { return blocks_[i >> kShift][i & (kBlock - 1)]; }

    void push_back(const T& value)
    {
        if ((size_ & (kBlock - 1)) == 0 && (size_ >> kShift) == blocks_.size())
            blocks_.push_back(std::make_shared_for_overwrite<T[]>(kBlock));
        blocks_[size_ >> kShift][size_ & (kBlock - 1)] = value;
        ++size_;
    }

    void clear()
    {
        blocks_.clear();
        size_ = 0;
    }

    // The first `count` elements of `other` (count <= other.size()).
    void assignPrefix(const ChunkedVector& other, size_t count)
    {
        clear();
        const size_t full = count >> kShift;
        blocks_.assign(other.blocks_.begin(), other.blocks_.begin() + std::ptrdiff_t(full));
        size_ = full << kShift;
        for (size_t i = size_; i < count; ++i)
            push_back(other[i]);
    }

    // Heap bytes of the blocks this array shares with `other` (held once, however many share).
    size_t sharedBytes(const ChunkedVector& other) const
    {
        size_t shared = 0;
        for (size_t b = 0; b < blocks_.size() && b < other.blocks_.size(); ++b)
            shared += blocks_[b] == other.blocks_[b] ? kBlock * sizeof(T) : 0;
        return shared;
    }

    // Elements [first, last) for range-for and indexing; a slice may cross blocks.
    class Slice {
    public:
        struct Iterator {
            const ChunkedVector* v;
            size_t i;
            const T& operator*() const { return (*v)[i]; }
            const T* operator->() const { return &(*v)[i]; }
            Iterator& operator++()
            {
                ++i;
                return *this;
            }
            bool operator==(const Iterator& other) const { return i == other.i; }
        };
        Slice(const ChunkedVector& v, size_t first, size_t last) : v_(&v), first_(first), last_(last) {}
        Iterator begin() const { return {v_, first_}; }
        Iterator end() const { return {v_, last_}; }
        size_t size() const { return last_ - first_; }
        bool empty() const { return first_ == last_; }
        const T& operator[](size_t k) const { return (*v_)[first_ + k]; }

    private:
        const ChunkedVector* v_;
        size_t first_, last_;
    };
    Slice slice(size_t first, size_t last) const { return {*this, first, last}; }

    // Heap bytes held: whole blocks and the block table.
    size_t memoryBytes() const
    {
        return blocks_.size() * kBlock * sizeof(T) + blocks_.capacity() * sizeof(std::shared_ptr<T[]>);
    }

private:
    std::vector<std::shared_ptr<T[]>> blocks_;
    size_t size_ = 0;
};

}  // namespace tessera
