#include "chart/OccupancyGeometry.h"

#include "items/LargestFitting.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace tessera::chart {

namespace {
constexpr int kCellGap = 1;   // between the GPUs of one node
constexpr int kGroupGap = 3;  // between nodes
constexpr int kBandGap = 6;   // below a band, before the next label strip
constexpr int kUnitGap = 2;   // between the units of a group (Group::unitCells), wider than kCellGap

constexpr int kLabelledCell = 8;  // the smallest cell with a readable label beside it
// Labels are set at about the charts' text size whatever the cells: tied to the cell (0.6 of it)
// they were 7-px text in one compare pane and 16 px in the other.
constexpr int kSmallestLabel = 10;
constexpr int kLargestLabel = 12;  // ChartRenderer::kScreenFontPixels

// The extra space before cell `c` of `group`: a unit's first cell is set apart from the last.
int unitGapBefore(const OccupancyLayout::Group& group, uint32_t c)
{
    return group.unitCells > 0 && c > 0 && c % group.unitCells == 0 ? kUnitGap - kCellGap : 0;
}

// The labels of groups [first, last) of one category: each name after the prefix they all share
// (cut back to end before a digit) when every rest is a number, else the names.
std::vector<QString> bandLabels(const OccupancyLayout& layout, size_t first, size_t last)
{
    std::vector<QString> labels;
    if (first >= last)
        return labels;
    std::string prefix = layout.groups[first].name;
    for (size_t g = first + 1; g < last; ++g) {
        const std::string& name = layout.groups[g].name;
        size_t n = 0;
        while (n < prefix.size() && n < name.size() && prefix[n] == name[n])
            ++n;
        prefix.resize(n);
    }
    while (!prefix.empty() && std::isdigit(static_cast<unsigned char>(prefix.back())))
        prefix.pop_back();
    bool numbers = last - first > 1;
    for (size_t g = first; g < last && numbers; ++g) {
        const std::string rest = layout.groups[g].name.substr(prefix.size());
        numbers = !rest.empty() && std::all_of(rest.begin(), rest.end(), [](unsigned char c) { return std::isdigit(c); });
    }
    for (size_t g = first; g < last; ++g)
        labels.push_back(QString::fromStdString(numbers ? layout.groups[g].name.substr(prefix.size())
                                                        : layout.groups[g].name));
    return labels;
}

// The end of the band (category) that holds group `first`.
size_t bandEnd(const OccupancyLayout& layout, size_t first)
{
    size_t last = first;
    while (last < layout.groups.size() && layout.groups[last].category == layout.groups[first].category)
        ++last;
    return last;
}
}  // namespace

int OccupancyGeometry::labelPixelsFor(int cellSize)
{
    // Within the label's box (the row and its gaps, cellSize + 2): a font's ink, from the top
    // of an "f" to the foot of a "y", is up to about 1.1 em.
    static_assert(kLabelledCell + 2 * kCellGap >= kSmallestLabel);
    return cellSize < kLabelledCell ? 0 : std::clamp(cellSize + 1, kSmallestLabel, kLargestLabel);
}

QString OccupancyGeometry::groupLabel(const OccupancyLayout& layout, size_t group)
{
    if (group >= layout.groups.size())
        return {};
    size_t first = group;
    while (first > 0 && layout.groups[first - 1].category == layout.groups[group].category)
        --first;
    return bandLabels(layout, first, bandEnd(layout, first))[group - first];
}

OccupancyGeometry::OccupancyGeometry(const OccupancyLayout& layout, int width, int cellSize, int labelHeight)
    : layout_(&layout), width_(std::max(width, 1)), cellSize_(std::max(cellSize, 1)),
      labelPixels_(labelPixelsFor(cellSize_))
{
    cells_.resize(layout.cellCount);
    const int pitch = cellSize_ + kCellGap;
    int y = 0;
    size_t g = 0;
    while (g < layout.groups.size()) {
        const uint32_t category = layout.groups[g].category;
        // Each group's label slot is as wide as the band's longest label (digits and letters
        // taken at 0.62 em, which holds for the sans-serif faces the views use).
        std::vector<QString> labels;
        int labelSlot = 0;
        if (labelPixels_ > 0) {
            labels = bandLabels(layout, g, bandEnd(layout, g));
            qsizetype chars = 0;
            for (const QString& l : labels)
                chars = std::max(chars, l.size());
            labelSlot = int(std::ceil(double(chars) * 0.62 * labelPixels_)) + labelPixels_ / 2;
            // A label takes at most half the room of its band's widest node: 1-GPU nodes with
            // five-digit names would be mostly labels, so such a band has none.
            uint32_t widest = 0;
            for (size_t b = g; b < bandEnd(layout, g); ++b)
                widest = std::max(widest, layout.groups[b].cellCount);
            if (2 * labelSlot > int(widest) * pitch)
                labelSlot = 0;
        }
        const size_t bandFirst = g;
        Band band;
        band.label = QString::fromStdString(layout.categories[category]);
        band.labelRect = QRect(0, y, width_, labelHeight);
        const int top = y + labelHeight;
        int x = 0, rowTop = top, right = 0;
        for (; g < layout.groups.size() && layout.groups[g].category == category; ++g) {
            const auto& group = layout.groups[g];
            const int units = group.unitCells > 0 ? int((group.cellCount + group.unitCells - 1) / group.unitCells) : 1;
            const int groupWidth = labelSlot + int(group.cellCount) * pitch - kCellGap
                                   + (std::max(units, 1) - 1) * (kUnitGap - kCellGap);
            if (x > 0 && x + groupWidth > width_) {
                x = 0;
                rowTop += pitch;
            }
            if (labelSlot > 0 && group.cellCount > 0) {
                // The row and the gaps above and below it: an 8-px row clipped 10-px text
                // ("cifar10", "yolov3") top and bottom; with its gaps it holds the text's ink
                // (labelPixelsFor), and still never reaches into a cell of another row.
                groupLabels_.push_back({labels[g - bandFirst], QRect(x, rowTop - kCellGap, labelSlot - labelPixels_ / 4,
                                                                      cellSize_ + 2 * kCellGap)});
                groupLabelOf_.push_back(int(g));
                x += labelSlot;
            }
            // A group wider than a row wraps inside, its further rows under its first cell, so
            // that its label stands alone at its left.
            const int indent = x + cellSize_ <= width_ ? x : 0;
            for (uint32_t c = 0; c < group.cellCount; ++c) {
                x += unitGapBefore(group, c);
                if (x > indent && x + cellSize_ > width_) {
                    x = indent;
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

OccupancyGeometry OccupancyGeometry::overview(const OccupancyLayout& layout, int width, int blockSize, int labelHeight,
                                              int groupsPerBlock)
{
    OccupancyGeometry o;
    o.layout_ = &layout;
    o.width_ = std::max(width, 1);
    o.cellSize_ = std::max(blockSize, 1);
    o.groupsPerBlock_ = std::max(groupsPerBlock, 1);
    o.cells_.resize(layout.cellCount);
    o.blockOfGroup_.assign(layout.groups.size(), -1);
    // A gap between squares once they are big enough to keep a colour inside it.
    const int pitch = o.cellSize_ + (o.cellSize_ >= 3 ? 1 : 0);
    const int perRow = std::max(1, (o.width_ + pitch - o.cellSize_) / pitch);
    int y = 0;
    size_t g = 0;
    while (g < layout.groups.size()) {
        const size_t end = bandEnd(layout, g);
        Band band;
        band.label = QString::fromStdString(layout.categories[layout.groups[g].category]);
        band.labelRect = QRect(0, y, o.width_, labelHeight);
        const int top = y + labelHeight;
        int n = 0, right = 0;  // squares in this band so far
        for (; g < end; ++g) {
            const auto& group = layout.groups[g];
            ++band.groupCount;
            if (group.cellCount == 0)
                continue;
            if (o.blocks_.empty() || o.blocks_.back().rect.top() < top
                || int(o.blocks_.back().groupCount) >= o.groupsPerBlock_) {
                const QRect rect((n % perRow) * pitch, top + (n / perRow) * pitch, o.cellSize_, o.cellSize_);
                o.blocks_.push_back({rect, uint32_t(g), 0});
                right = std::max(right, rect.right() + 1);
                ++n;
            }
            Block& block = o.blocks_.back();
            block.groupCount = uint32_t(g) + 1 - block.firstGroup;
            o.blockOfGroup_[g] = int(o.blocks_.size()) - 1;
            for (uint32_t c = group.firstCell; c < group.firstCell + group.cellCount; ++c)
                o.cells_[c] = block.rect;
            band.cellCount += int(group.cellCount);
        }
        if (band.cellCount == 0)
            continue;
        const int rows = (n + perRow - 1) / perRow;
        band.cellsRect = QRect(0, top, right, rows * pitch - (pitch - o.cellSize_));
        o.bands_.push_back(band);
        y = top + band.cellsRect.height() + kBandGap;
    }
    o.height_ = std::max(y - kBandGap, 1);
    return o;
}

OccupancyGeometry OccupancyGeometry::fittingOverview(const OccupancyLayout& layout, int width, int height,
                                                     int labelHeight, int maxBlock)
{
    const auto fits = [&](int size, int perBlock) {
        return overview(layout, width, size, labelHeight, perBlock).height() <= height;
    };
    if (fits(1, 1)) {
        // No square is bigger than the view's area shared among the groups: bisect below that.
        size_t groups = 0;
        for (const auto& g : layout.groups)
            groups += g.cellCount > 0;
        const double area = double(std::max(width, 1)) * double(std::max(height, 1)) / double(std::max<size_t>(groups, 1));
        const int largest = std::clamp(int(std::sqrt(area)), 1, std::max(maxBlock, 1));
        return overview(layout, width, views::largestFitting(1, largest, [&](int size) { return fits(size, 1); }),
                        labelHeight, 1);
    }
    // Fewer pixels than groups: several groups of a band share a square. The fewest that fit,
    // by doubling then bisecting (more per square never makes the overview taller).
    int hi = 2;
    while (!fits(1, hi) && hi < int(layout.groups.size()))
        hi *= 2;
    int lo = hi / 2 + 1;
    while (lo < hi) {
        const int mid = (lo + hi) / 2;
        if (fits(1, mid))
            hi = mid;
        else
            lo = mid + 1;
    }
    return overview(layout, width, 1, labelHeight, hi);
}

int OccupancyGeometry::blockOfGroup(int group) const
{
    return group >= 0 && size_t(group) < blockOfGroup_.size() ? blockOfGroup_[size_t(group)] : -1;
}

int OccupancyGeometry::labelAt(QPoint point) const
{
    for (size_t l = 0; l < groupLabels_.size(); ++l)
        if (groupLabels_[l].rect.contains(point))
            return groupLabelOf_[l];
    return -1;
}

int OccupancyGeometry::fittingCellSize(const OccupancyLayout& layout, int width, int height, int labelHeight,
                                       int minSize, int maxSize)
{
    const auto fits = [&](int size) { return OccupancyGeometry(layout, width, size, labelHeight).height() <= height; };
    // A cluster that does not fit at the smallest size fits at none: one layout, not a bisection
    // of 100,000 cells each (the overview is drawn then).
    if (maxSize > minSize && !fits(minSize))
        return minSize;
    return views::largestFitting(minSize, maxSize, fits);
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

}  // namespace tessera::chart
