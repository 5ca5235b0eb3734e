#pragma once

#include "items/SliceGeometry.h"
#include "items/TextureImageItem.h"
#include "run/RunHandle.h"

#include <QPointer>
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
class SliceItem : public TextureImageItem {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(tessera::views::RunHandle* run READ run WRITE setRun NOTIFY runChanged)
    Q_PROPERTY(int position READ position WRITE setPosition NOTIFY positionChanged)
    // False for runs without span rows: the view that holds this item hides it.
    Q_PROPERTY(bool available READ available NOTIFY runChanged)
    // The categorical layers of the run ({name, layer, categories: [{name, color}]}) and the
    // index into that list of the one that colours the spans.
    Q_PROPERTY(QVariantList colorLayers READ colorLayers NOTIFY runChanged)
    Q_PROPERTY(int colorLayer READ colorLayer WRITE setColorLayer NOTIFY colorLayerChanged)
    // The slot size in pixels: as set, or while fitHeight > 0 the largest in [minSlotSize,
    // maxSlotSize] whose tiles fit fitHeight.
    Q_PROPERTY(int slotSize READ slotSize WRITE setSlotSize NOTIFY slotSizeChanged)
    Q_PROPERTY(int fitHeight READ fitHeight WRITE setFitHeight NOTIFY fitChanged)
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
    Q_PROPERTY(int selectedGroup READ selectedGroup WRITE setSelectedGroup NOTIFY selectedGroupChanged)
    Q_PROPERTY(QString selectedGroupText READ selectedGroupText NOTIFY selectedGroupTextChanged)
    // {label, x, y, width, height, groups} per GPU model, in item coordinates.
    Q_PROPERTY(QVariantList bands READ bands NOTIFY bandsChanged)
    Q_PROPERTY(int groupCount READ groupCount NOTIFY runChanged)
    // The span rows top to bottom, {name, slots}, for the legend.
    Q_PROPERTY(QVariantList rows READ rows NOTIFY runChanged)
    Q_PROPERTY(int strandedSlots READ strandedSlots NOTIFY spansChanged)

public:
    explicit SliceItem(QQuickItem* parent = nullptr);
    ~SliceItem() override;

    RunHandle* run() const { return run_; }
    void setRun(RunHandle* run);
    int position() const { return position_; }
    void setPosition(int position);
    bool available() const { return model_ && model_->layout().hasSpans(); }
    QVariantList colorLayers() const;
    int colorLayer() const { return colorLayer_; }
    void setColorLayer(int index);
    int slotSize() const { return slotSize_; }
    void setSlotSize(int size);
    int fitHeight() const { return fitHeight_; }
    void setFitHeight(int height);
    int minSlotSize() const { return minSlotSize_; }
    void setMinSlotSize(int size);
    int maxSlotSize() const { return maxSlotSize_; }
    void setMaxSlotSize(int size);
    int bandLabelHeight() const { return bandLabelHeight_; }
    void setBandLabelHeight(int height);
    QColor emptyColor() const { return emptyColor_; }
    void setEmptyColor(const QColor& color);
    QColor textColor() const { return textColor_; }
    void setTextColor(const QColor& color);
    QColor strandedColor() const { return strandedColor_; }
    void setStrandedColor(const QColor& color);
    QColor selectionColor() const { return selectionColor_; }
    void setSelectionColor(const QColor& color);
    int hoveredGroup() const { return hoveredGroup_; }
    QRectF hoveredRect() const { return hoveredRect_; }
    QString hoverText() const { return hoverText_; }
    int selectedGroup() const { return selectedGroup_; }
    void setSelectedGroup(int group);
    QString selectedGroupText() const { return selectedGroupText_; }
    QVariantList bands() const;
    int groupCount() const { return model_ ? int(model_->layout().groups.size()) : 0; }
    QVariantList rows() const;
    int strandedSlots() const;
    const SliceGeometry& geometry() const { return geometry_; }

    // The layout layer (OccupancyLayout::layers index) that colours the spans, -1 for none.
    int layoutLayer() const;
    // What hovering (x, y) would show: the span's cell text, else the group's; empty off tiles.
    Q_INVOKABLE QString describeAt(qreal x, qreal y) const;
    Q_INVOKABLE QRectF groupBounds(int group) const;

signals:
    void runChanged();
    void positionChanged();
    void colorLayerChanged();
    void slotSizeChanged();
    void fitChanged();
    void colorsChanged();
    void hoverChanged();
    void selectedGroupChanged();
    void selectedGroupTextChanged();
    void bandsChanged();
    void spansChanged();

protected:
    void geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry) override;
    void hoverMoveEvent(QHoverEvent* event) override;
    void hoverLeaveEvent(QHoverEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    struct Found {
        int group = -1;
        const OccupancySpan* span = nullptr;
        QRect rect;
    };
    Found find(QPoint point) const;
    void relayout();
    void readSpans();
    void paintBase();
    void repaintImage();
    void setHover(QPoint point);
    void updateSelectedGroupText();

    QPointer<RunHandle> run_;
    std::shared_ptr<const Run> model_;
    std::unique_ptr<RunCursor> cursor_;
    std::vector<size_t> categoricalLayers_;  // layout layer index per colorLayers entry
    int position_ = 0;
    int colorLayer_ = 0;
    int slotSize_ = 12;
    int fixedSlotSize_ = 12;
    int fitHeight_ = 0;
    int minSlotSize_ = 5;
    int maxSlotSize_ = 28;
    int bandLabelHeight_ = 20;
    QColor emptyColor_{0xdd, 0xdd, 0xdd};
    QColor textColor_{0x20, 0x20, 0x20};
    QColor strandedColor_{0xc0, 0x10, 0x10};
    QColor selectionColor_{0xff, 0x2d, 0x00};
    int hoveredGroup_ = -1;
    QPoint hoverPoint_{-1, -1};  // where the mouse is: what it points at changes with the cursor
    QRectF hoveredRect_;
    QString hoverText_;
    int selectedGroup_ = -1;
    QString selectedGroupText_;

    SliceGeometry geometry_;
    QImage base_;  // names and empty slots, painted once per layout
    std::vector<std::vector<OccupancySpan>> spans_;  // per group, at position_
    std::vector<OccupancySpan> scratch_;
};

}  // namespace tessera::views
