#include "items/OccupancyGeometry.h"

#include "items/LargestFitting.h"

#include <algorithm>

namespace tessera::views {

namespace {
constexpr int kCellGap = 1;   // between the GPUs of one node
constexpr int kGroupGap = 3;  // between nodes
constexpr int kBandGap = 6;   // below a band, before the next label strip
constexpr int kUnitGap = 2;   // between the units of a group (Group::unitCells), wider than kCellGap

// The extra space before cell `c` of `group`: a unit's first cell is set apart from the last.
int unitGapBefore(const OccupancyLayout::Group& group, uint32_t c)
{
    return group.unitCells > 0 && c > 0 && c % group.unitCells == 0 ? kUnitGap - kCellGap : 0;
}
}  // namespace

OccupancyGeometry::OccupancyGeometry(const OccupancyLayout& layout, int width, int cellSize, int labelHeight)
    : layout_(&layout), width_(std::max(width, 1)), cellSize_(std::max(cellSize, 1))
{
    cells_.resize(layout.cellCount);
    const int pitch = cellSize_ + kCellGap;
    int y = 0;
    size_t g = 0;
    while (g < layout.groups.size()) {
        const uint32_t category = layout.groups[g].category;
        Band band;
        band.label = QString::fromStdString(layout.categories[category]);
        band.labelRect = QRect(0, y, width_, labelHeight);
        const int top = y + labelHeight;
        int x = 0, rowTop = top, right = 0;
        for (; g < layout.groups.size() && layout.groups[g].category == category; ++g) {
            const auto& group = layout.groups[g];
            const int units = group.unitCells > 0 ? int((group.cellCount + group.unitCells - 1) / group.unitCells) : 1;
            const int groupWidth = int(group.cellCount) * pitch - kCellGap + (std::max(units, 1) - 1) * (kUnitGap - kCellGap);
            if (x > 0 && x + groupWidth > width_) {
                x = 0;
                rowTop += pitch;
            }
            for (uint32_t c = 0; c < group.cellCount; ++c) {
                x += unitGapBefore(group, c);
                if (x > 0 && x + cellSize_ > width_) {  // only a group wider than a row wraps inside
                    x = 0;
                    rowTop += pitch;
                }
                cells_[group.firstCell + c] = QRect(x, rowTop, cellSize_, cellSize_);
                right = std::max(right, x + cellSize_);
                x += pitch;
            }
            if (group.cellCount > 0)
                x += kGroupGap - kCellGap;
            band.cellCount += int(group.cellCount);
            ++band.groupCount;
        }
        if (band.cellCount == 0)  // nodes without GPUs have no cells to draw
            continue;
        band.cellsRect = QRect(0, top, right, rowTop + cellSize_ - top);
        bands_.push_back(band);
        y = rowTop + cellSize_ + kBandGap;
    }
    height_ = std::max(y - kBandGap, 1);  // no gap after the last band
}

int OccupancyGeometry::fittingCellSize(const OccupancyLayout& layout, int width, int height, int labelHeight,
                                       int minSize, int maxSize)
{
    return largestFitting(minSize, maxSize, [&](int size) {
        return OccupancyGeometry(layout, width, size, labelHeight).height() <= height;
    });
}

std::vector<QRect> OccupancyGeometry::groupRects(int group) const
{
    std::vector<QRect> rects;
    if (!layout_ || group < 0 || size_t(group) >= layout_->groups.size())
        return rects;
    const auto& g = layout_->groups[size_t(group)];
    for (uint32_t c = g.firstCell; c < g.firstCell + g.cellCount; ++c) {
        if (!rects.empty() && rects.back().top() == cells_[c].top())
            rects.back() = rects.back().united(cells_[c]);
        else
            rects.push_back(cells_[c]);
    }
    return rects;
}

int OccupancyGeometry::cellAt(QPoint point) const
{
    // Cells are sorted by (top, left): find the first cell of the row at point.y, then scan it.
    auto rowStart = std::lower_bound(cells_.begin(), cells_.end(), point.y(),
                                     [](const QRect& r, int y) { return r.bottom() < y; });
    for (auto it = rowStart; it != cells_.end() && it->top() <= point.y(); ++it) {
        if (it->contains(point))
            return int(it - cells_.begin());
        if (it->left() > point.x())
            break;
    }
    return -1;
}

int OccupancyGeometry::groupOfCell(int cell) const
{
    if (!layout_ || cell < 0 || uint32_t(cell) >= layout_->cellCount)
        return -1;
    auto it = std::upper_bound(layout_->groups.begin(), layout_->groups.end(), uint32_t(cell),
                               [](uint32_t c, const OccupancyLayout::Group& g) { return c < g.firstCell; });
    return int(it - layout_->groups.begin()) - 1;
}

}  // namespace tessera::views
