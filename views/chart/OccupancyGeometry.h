#pragma once

#include "run/OccupancyLayout.h"

#include <QRect>
#include <QString>

#include <vector>

namespace tessera::chart {

// Where every cell of an OccupancyLayout is drawn at a given width: the one layout rule of the
// app's grid and the exported occupancy chart (OccupancyChart). A group (node) is a row of its
// cells (GPUs), labelled at its left once cells are big enough to read a label beside
// (groupLabel: "12" for "node 12") and the label takes at most half the room of the band's
// widest group; groups flow left to right in rows and never wrap unless
// wider than a row; groups are set apart by a wider gap (and a group's units, Group::unitCells,
// by a gap between the two), and each category (GPU model) starts a new band under a label
// strip of its own.
//
// Level of detail: a cluster whose cells cannot be drawn at a readable size in the room given
// (100,000 GPUs) is drawn as an overview (overview()): a square per group (or per run of
// `groupsPerBlock` groups of one band when even one pixel per group is too much), in the same
// bands, at most one square per pixel. Every cell's rectangle is then its square's, so that
// cellAt, groupRects and the hover box work unchanged and name the exact group under a point.
class OccupancyGeometry {
public:
    // A group's label: its text and where it is drawn (right-aligned, its ink centred): its row
    // and the gaps above and below, which hold the ink of text of labelPixels().
    struct GroupLabel {
        QString text;
        QRect rect;
    };

    struct Band {
        QString label;
        QRect labelRect;  // the strip above the band's cells, for its title
        QRect cellsRect;
        int cellCount = 0;
        int groupCount = 0;
    };

    // A square of the overview: groups [firstGroup, firstGroup + groupCount) of one band.
    struct Block {
        QRect rect;
        uint32_t firstGroup = 0;
        uint32_t groupCount = 0;
    };

    OccupancyGeometry() = default;
    OccupancyGeometry(const OccupancyLayout& layout, int width, int cellSize, int labelHeight);
    // The overview at `blockSize` pixels per square, `groupsPerBlock` groups per square.
    static OccupancyGeometry overview(const OccupancyLayout& layout, int width, int blockSize, int labelHeight,
                                      int groupsPerBlock = 1);
    // The overview that fits `height`: one group per square at the largest square size in
    // [1, maxBlock] that fits, else the fewest groups per one-pixel square that fit.
    static OccupancyGeometry fittingOverview(const OccupancyLayout& layout, int width, int height, int labelHeight,
                                             int maxBlock);

    // The largest cell size in [minSize, maxSize] whose grid at `width` is at most `height`
    // tall; minSize when none is.
    static int fittingCellSize(const OccupancyLayout& layout, int width, int height, int labelHeight, int minSize,
                               int maxSize);

    int width() const { return width_; }
    int height() const { return height_; }
    int cellSize() const { return cellSize_; }
    // The pixel size of the group labels' text (0: cells too small, no labels).
    int labelPixels() const { return labelPixels_; }
    const std::vector<GroupLabel>& groupLabels() const { return groupLabels_; }
    const std::vector<QRect>& cells() const { return cells_; }
    const std::vector<Band>& bands() const { return bands_; }
    // Whether this is an overview (blocks() holds its squares, in cell order) or every cell.
    bool isOverview() const { return !blocks_.empty(); }
    const std::vector<Block>& blocks() const { return blocks_; }
    int groupsPerBlock() const { return groupsPerBlock_; }
    // The overview square holding `group`, or -1 (not an overview, or a group without cells).
    int blockOfGroup(int group) const;
    // The group whose label is under a point, or -1: a label stands for its group's cells.
    int labelAt(QPoint point) const;
    // The bounding rectangles of a group's cells, one per row it spans.
    std::vector<QRect> groupRects(int group) const;

    // The label of `group` beside its cells: the part of its name after what every group of its
    // category shares, when that part is a number ("node 12" -> "12"), else its whole name.
    static QString groupLabel(const OccupancyLayout& layout, size_t group);
    // The label text size at `cellSize`: 0 below the size a label can be read beside.
    static int labelPixelsFor(int cellSize);

    // The cell under a point, or -1 (gaps and label strips hold none).
    int cellAt(QPoint point) const;
    // The group holding `cell`, or -1.
    int groupOfCell(int cell) const;

private:
    const OccupancyLayout* layout_ = nullptr;
    int width_ = 0;
    int height_ = 0;
    int cellSize_ = 0;
    int labelPixels_ = 0;
    std::vector<QRect> cells_;
    std::vector<GroupLabel> groupLabels_;  // in cell order, which is also top-to-bottom, left-to-right order
    std::vector<Band> bands_;
    std::vector<Block> blocks_;
    std::vector<int> groupLabelOf_;  // the group of each of groupLabels_
    std::vector<int> blockOfGroup_;  // overview only
    int groupsPerBlock_ = 1;
};

}  // namespace tessera::chart
