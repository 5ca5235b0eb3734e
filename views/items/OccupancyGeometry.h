#pragma once

#include "run/OccupancyLayout.h"

#include <QRect>
#include <QString>

#include <vector>

namespace tessera::views {

// Where every cell of an OccupancyLayout is drawn at a given width: cells flow in rows, a
// group (node) never wraps unless it is wider than a row, groups are set apart by a wider gap
// (and a group's units, Group::unitCells, by a gap between the two),
// and each category (GPU model) starts a new band under a label strip of its own.
class OccupancyGeometry {
public:
    struct Band {
        QString label;
        QRect labelRect;  // the strip above the band's cells, for its title
        QRect cellsRect;
        int cellCount = 0;
        int groupCount = 0;
    };

    OccupancyGeometry() = default;
    OccupancyGeometry(const OccupancyLayout& layout, int width, int cellSize, int labelHeight);

    // The largest cell size in [minSize, maxSize] whose grid at `width` is at most `height`
    // tall; minSize when none is.
    static int fittingCellSize(const OccupancyLayout& layout, int width, int height, int labelHeight, int minSize,
                               int maxSize);

    int width() const { return width_; }
    int height() const { return height_; }
    int cellSize() const { return cellSize_; }
    const std::vector<QRect>& cells() const { return cells_; }
    const std::vector<Band>& bands() const { return bands_; }
    // The bounding rectangles of a group's cells, one per row it spans.
    std::vector<QRect> groupRects(int group) const;

    // The cell under a point, or -1 (gaps and label strips hold none).
    int cellAt(QPoint point) const;
    // The group holding `cell`, or -1.
    int groupOfCell(int cell) const;

private:
    const OccupancyLayout* layout_ = nullptr;
    int width_ = 0;
    int height_ = 0;
    int cellSize_ = 0;
    std::vector<QRect> cells_;  // in cell order, which is also top-to-bottom, left-to-right order
    std::vector<Band> bands_;
};

}  // namespace tessera::views
