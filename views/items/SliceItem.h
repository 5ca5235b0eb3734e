#pragma once

#include "items/SliceGeometry.h"
#include "items/GroupGridItem.h"

#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <memory>
#include <vector>

namespace tessera::views {

// The slice view of a run whose cursor gives spans (OccupancyLayout::spanRows, e.g. MIG GPUs):
// every group as a tile of slot rows (7 compute slots above 8 memory slots) on which its spans
// (instances) are drawn in the colour of their category in the chosen categorical layer
// (instance profile, model served), stranded slots hatched in strandedColor and draining spans
// hatched in their colour, at the timeline position. One texture, as OccupancyItem: the names
// and empty slots are painted once per layout, the spans again only when they change, so it
// stays fluid at 1,000 GPUs.
class SliceItem : public GroupGridItem {
    Q_OBJECT
    QML_ELEMENT
    // run, position, fitHeight, selectedGroup and selectedGroupText: GroupGridItem.
    // False for runs without span rows: the view that holds this item hides it.
    Q_PROPERTY(bool available READ available NOTIFY runChanged)
    // The categorical layers of the run ({name, layer, categories: [{name, color}]}) and the
    // index into that list of the one that colours the spans.
    Q_PROPERTY(QVariantList colorLayers READ colorLayers NOTIFY runChanged)
    Q_PROPERTY(int colorLayer READ colorLayer WRITE setColorLayer NOTIFY colorLayerChanged)
    // The slot size in pixels: as set, or while fitHeight > 0 the largest in [minSlotSize,
    // maxSlotSize] whose tiles fit fitHeight.
    Q_PROPERTY(int slotSize READ slotSize WRITE setSlotSize NOTIFY slotSizeChanged)
    Q_PROPERTY(int minSlotSize READ minSlotSize WRITE setMinSlotSize NOTIFY fitChanged)
    Q_PROPERTY(int maxSlotSize READ maxSlotSize WRITE setMaxSlotSize NOTIFY fitChanged)
    Q_PROPERTY(int bandLabelHeight READ bandLabelHeight WRITE setBandLabelHeight NOTIFY fitChanged)
    Q_PROPERTY(QColor emptyColor READ emptyColor WRITE setEmptyColor NOTIFY colorsChanged)
    Q_PROPERTY(QColor textColor READ textColor WRITE setTextColor NOTIFY colorsChanged)
    Q_PROPERTY(QColor strandedColor READ strandedColor WRITE setStrandedColor NOTIFY colorsChanged)
    Q_PROPERTY(QColor selectionColor READ selectionColor WRITE setSelectionColor NOTIFY colorsChanged)
    Q_PROPERTY(int hoveredGroup READ hoveredGroup NOTIFY hoverChanged)
    Q_PROPERTY(QRectF hoveredRect READ hoveredRect NOTIFY hoverChanged)
    Q_PROPERTY(QString hoverText READ hoverText NOTIFY hoverChanged)
    // {label, x, y, width, height, groups} per GPU model, in item coordinates.
    Q_PROPERTY(QVariantList bands READ bands NOTIFY bandsChanged)
    Q_PROPERTY(int groupCount READ groupCount NOTIFY runChanged)
    // The span rows top to bottom, {name, slots}, for the legend.
    Q_PROPERTY(QVariantList rows READ rows NOTIFY runChanged)
    Q_PROPERTY(int strandedSlots READ strandedSlots NOTIFY spansChanged)

public:
    explicit SliceItem(QQuickItem* parent = nullptr);
    ~SliceItem() override;

    bool available() const { return model() && model()->layout().hasSpans(); }
    QVariantList colorLayers() const;
    int colorLayer() const { return colorLayer_; }
    void setColorLayer(int index);
    int slotSize() const { return fittedSize(); }
    void setSlotSize(int size) { setFixedSize(size); }
    int minSlotSize() const { return minSize(); }
    void setMinSlotSize(int size) { setMinSize(size); }
    int maxSlotSize() const { return maxSize(); }
    void setMaxSlotSize(int size) { setMaxSize(size); }
    int bandLabelHeight() const { return labelHeight(); }
    void setBandLabelHeight(int height);
    void setEmptyColor(const QColor& color);
    QColor textColor() const { return textColor_; }
    void setTextColor(const QColor& color);
    QColor strandedColor() const { return strandedColor_; }
    void setStrandedColor(const QColor& color);
    void setSelectionColor(const QColor& color);
    int hoveredGroup() const { return hoveredGroup_; }
    QRectF hoveredRect() const { return hoveredRect_; }
    QVariantList bands() const;
    int groupCount() const { return model() ? int(model()->layout().groups.size()) : 0; }
    QVariantList rows() const;
    int strandedSlots() const;
    const SliceGeometry& geometry() const { return geometry_; }

    // The layout layer (OccupancyLayout::layers index) that colours the spans, -1 for none.
    int layoutLayer() const;
    // What hovering (x, y) would show: the span's cell text, else the group's; empty off tiles.
    Q_INVOKABLE QString describeAt(qreal x, qreal y) const;
    Q_INVOKABLE QRectF groupBounds(int group) const;

signals:
    void colorLayerChanged();
    void slotSizeChanged();
    void colorsChanged();
    void hoverChanged();
    void spansChanged();

protected:
    bool hasGrid() const override { return available(); }
    int fittingSize(int width, int smallest, int largest) const override;
    int layOut(int size) override;
    void clearLayout() override { geometry_ = SliceGeometry(); }
    void fittedSizeChanged() override { emit slotSizeChanged(); }
    void paintLayout() override;  // the base: names and empty slots
    void repaintImage() override;
    void readCursor() override;
    void forgetRun() override;
    void announceRun() override;
    void hoverAt(QPoint point) override;
    int groupAt(QPoint point) const override { return geometry_.hitAt(point).group; }

private:
    struct Found {
        int group = -1;
        const OccupancySpan* span = nullptr;
        QRect rect;
    };
    Found find(QPoint point) const;

    std::vector<size_t> categoricalLayers_;  // layout layer index per colorLayers entry
    int colorLayer_ = 0;
    QColor textColor_{0x20, 0x20, 0x20};
    QColor strandedColor_{0xc0, 0x10, 0x10};
    int hoveredGroup_ = -1;
    QPoint hoverPoint_{-1, -1};  // where the mouse is: what it points at changes with the cursor
    QRectF hoveredRect_;

    SliceGeometry geometry_;
    QImage base_;  // names and empty slots, painted once per layout
    std::vector<std::vector<OccupancySpan>> spans_;  // per group, at position_
    std::vector<OccupancySpan> scratch_;
};

}  // namespace tessera::views
