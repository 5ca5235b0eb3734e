#pragma once

#include "run/OccupancyLayout.h"

#include <QRect>
#include <QString>

#include <vector>

namespace tessera::views {

// Where a slice view draws each group (a MIG GPU) of a layout with span rows: a tile per group
// holding its name above one line of slots per span row (7 compute slots above 8 memory slots,
// slot i above slot i), tiles flowing in rows that wrap to the width, and each category (GPU
// model) starting a new band under a label strip, as OccupancyGeometry does for cells.
class SliceGeometry {
public:
    struct Band {
        QString label;
        QRect labelRect;
        int groupCount = 0;
    };

    SliceGeometry() = default;
    SliceGeometry(const OccupancyLayout& layout, int width, int slotSize, int bandLabelHeight);

    // The largest slot size in [minSize, maxSize] whose tiles fit `height`; minSize if none does.
    static int fittingSlotSize(const OccupancyLayout& layout, int width, int height, int bandLabelHeight,
                               int minSize, int maxSize);

    int width() const { return width_; }
    int height() const { return height_; }
    int slotSize() const { return slotSize_; }
    // The strip above a tile's slots for the group's name; 0 when slots are too small for text.
    int nameHeight() const { return nameHeight_; }
    const std::vector<QRect>& tiles() const { return tiles_; }  // per group, in layout order
    const std::vector<Band>& bands() const { return bands_; }
    QRect nameRect(int group) const;
    QRect slotRect(int group, int row, int slot) const;
    // The slots [from, to) of a row, as one rectangle.
    QRect spanRect(int group, int row, int from, int to) const;

    struct Hit {
        int group = -1;
        int row = -1;   // -1: the tile's name strip or a gap
        int slot = -1;
    };
    Hit hitAt(QPoint point) const;

private:
    const OccupancyLayout* layout_ = nullptr;
    int width_ = 0;
    int height_ = 0;
    int slotSize_ = 0;
    int nameHeight_ = 0;
    std::vector<QRect> tiles_;
    std::vector<Band> bands_;
};

}  // namespace tessera::views
