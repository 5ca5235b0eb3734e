#include "items/SliceGeometry.h"

#include "items/LargestFitting.h"

#include <algorithm>

namespace tessera::views {

namespace {
constexpr int kSlotGap = 1;   // between the slots of a row
constexpr int kRowGap = 3;    // between the compute and the memory row
// Between GPUs: wide enough to tell them apart, narrow enough at small slots that a
// 1,000-GPU fleet is not mostly gaps.
int tileGapX(int slotSize) { return std::clamp(slotSize, 4, 12); }
int tileGapY(int slotSize) { return std::clamp(slotSize * 2 / 3, 3, 8); }
constexpr int kBandGap = 8;   // below a band, before the next label strip

int nameHeightFor(int slotSize) { return slotSize >= 6 ? std::clamp(slotSize + 4, 12, 18) : 0; }
}  // namespace

SliceGeometry::SliceGeometry(const OccupancyLayout& layout, int width, int slotSize, int bandLabelHeight)
    : layout_(&layout), width_(std::max(width, 1)), slotSize_(std::max(slotSize, 1)), nameHeight_(nameHeightFor(slotSize_))
{
    tiles_.resize(layout.groups.size());
    if (!layout.hasSpans())
        return;
    uint32_t maxSlots = 0;
    for (const auto& row : layout.spanRows)
        maxSlots = std::max(maxSlots, row.slotCount);
    const int rows = int(layout.spanRows.size());
    const int tileWidth = int(maxSlots) * (slotSize_ + kSlotGap) - kSlotGap;
    const int tileHeight = nameHeight_ + rows * slotSize_ + (rows - 1) * kRowGap;
    int y = 0;
    size_t g = 0;
    while (g < layout.groups.size()) {
        const uint32_t category = layout.groups[g].category;
        Band band;
        band.label = category < layout.categories.size() ? QString::fromStdString(layout.categories[category]) : QString();
        band.labelRect = QRect(0, y, width_, bandLabelHeight);
        int x = 0, rowTop = y + bandLabelHeight;
        for (; g < layout.groups.size() && layout.groups[g].category == category; ++g) {
            if (x > 0 && x + tileWidth > width_) {
                x = 0;
                rowTop += tileHeight + tileGapY(slotSize_);
            }
            tiles_[g] = QRect(x, rowTop, tileWidth, tileHeight);
            x += tileWidth + tileGapX(slotSize_);
            ++band.groupCount;
        }
        bands_.push_back(band);
        y = rowTop + tileHeight + kBandGap;
    }
    height_ = std::max(y - kBandGap, 1);
}

int SliceGeometry::fittingSlotSize(const OccupancyLayout& layout, int width, int height, int bandLabelHeight,
                                   int minSize, int maxSize)
{
    return largestFitting(minSize, maxSize, [&](int size) {
        return SliceGeometry(layout, width, size, bandLabelHeight).height() <= height;
    });
}

QRect SliceGeometry::nameRect(int group) const
{
    if (group < 0 || size_t(group) >= tiles_.size())
        return {};
    const QRect t = tiles_[size_t(group)];
    return QRect(t.left(), t.top(), t.width(), nameHeight_);
}

QRect SliceGeometry::slotRect(int group, int row, int slot) const
{
    if (group < 0 || size_t(group) >= tiles_.size())
        return {};
    const QRect t = tiles_[size_t(group)];
    return QRect(t.left() + slot * (slotSize_ + kSlotGap), t.top() + nameHeight_ + row * (slotSize_ + kRowGap),
                 slotSize_, slotSize_);
}

QRect SliceGeometry::spanRect(int group, int row, int from, int to) const
{
    if (to <= from)
        return {};
    return slotRect(group, row, from).united(slotRect(group, row, to - 1));
}

SliceGeometry::Hit SliceGeometry::hitAt(QPoint point) const
{
    Hit hit;
    if (!layout_)
        return hit;
    // Tiles are in reading order: the first whose bottom reaches point.y starts its line.
    auto it = std::lower_bound(tiles_.begin(), tiles_.end(), point.y(),
                               [](const QRect& r, int y) { return r.bottom() < y; });
    for (; it != tiles_.end() && it->top() <= point.y(); ++it) {
        if (!it->contains(point))
            continue;
        hit.group = int(it - tiles_.begin());
        for (int row = 0; row < int(layout_->spanRows.size()); ++row) {
            const uint32_t count = layout_->slotsOf(size_t(hit.group), size_t(row));
            for (uint32_t s = 0; s < count; ++s)
                if (slotRect(hit.group, row, int(s)).contains(point)) {
                    hit.row = row;
                    hit.slot = int(s);
                }
        }
        break;
    }
    return hit;
}

}  // namespace tessera::views
