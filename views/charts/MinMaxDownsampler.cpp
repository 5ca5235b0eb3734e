#include "charts/MinMaxDownsampler.h"

#include <algorithm>

namespace tessera::views {

std::vector<size_t> MinMaxDownsampler::indices(std::span<const double> y, size_t from, size_t to, size_t maxPoints)
{
    std::vector<size_t> out;
    if (y.empty())
        return out;
    to = std::min(to, y.size() - 1);
    if (from > to)
        return out;
    const size_t count = to - from + 1;
    if (count <= std::max<size_t>(maxPoints, 2)) {
        for (size_t i = from; i <= to; ++i)
            out.push_back(i);
        return out;
    }
    const size_t buckets = std::max<size_t>(maxPoints / 2, 1);
    out.reserve(buckets * 2 + 2);
    out.push_back(from);
    for (size_t b = 0; b < buckets; ++b) {
        const size_t begin = from + count * b / buckets, end = from + count * (b + 1) / buckets;
        if (begin >= end)
            continue;
        const auto [lo, hi] = std::minmax_element(y.begin() + ptrdiff_t(begin), y.begin() + ptrdiff_t(end));
        const size_t a = size_t(lo - y.begin()), c = size_t(hi - y.begin());
        out.push_back(std::min(a, c));
        out.push_back(std::max(a, c));
    }
    out.push_back(to);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

}  // namespace tessera::views
