#include "chart/OccupancyBlockValue.h"

#include <algorithm>
#include <map>

namespace tessera::chart {

namespace {
// Calls f(value) for every cell of the block's groups that `values` holds.
template <class F>
void forEachCell(const OccupancyLayout& layout, const OccupancyGeometry::Block& block, const std::vector<float>& values,
                 F f)
{
    const size_t end = std::min(layout.groups.size(), size_t(block.firstGroup) + block.groupCount);
    for (size_t g = block.firstGroup; g < end; ++g) {
        const auto& group = layout.groups[g];
        for (uint32_t c = group.firstCell; c < group.firstCell + group.cellCount && c < values.size(); ++c)
            f(values[c]);
    }
}
}  // namespace

float OccupancyBlockValue::meanShare(const OccupancyLayout& layout, const OccupancyGeometry::Block& block,
                                     const std::vector<float>& values)
{
    double sum = 0;
    size_t count = 0;
    forEachCell(layout, block, values, [&](float v) {
        sum += std::max(v, 0.0f);
        ++count;
    });
    return count > 0 ? float(sum / double(count)) : 0.0f;
}

int OccupancyBlockValue::commonCategory(const OccupancyLayout& layout, const OccupancyGeometry::Block& block,
                                        const std::vector<float>& values)
{
    std::map<int, size_t> counts;  // a tie goes to the lower category, so the colour is stable
    forEachCell(layout, block, values, [&](float v) {
        if (v >= 0.0f)
            ++counts[int(v)];
    });
    int best = -1;
    size_t most = 0;
    for (const auto& [category, count] : counts)
        if (count > most) {
            best = category;
            most = count;
        }
    return best;
}

}  // namespace tessera::chart
