#pragma once

#include "items/OccupancyGeometry.h"
#include "items/TextureImageItem.h"
#include "run/RunHandle.h"

#include <QPointer>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <memory>
#include <vector>

namespace tessera::views {

// Every GPU (cell) of a run's cluster at the timeline position, coloured by its used share,
// grouped by node and GPU model. Drawn as one texture that is re-uploaded only when the cells,
// the size or the selection change, so it stays fluid at 12,000+ cells and renders under the
// software scene graph too. Cells flow in rows that wrap to the item's width; implicitHeight
// is the height they need.
class OccupancyItem : public TextureImageItem {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(tessera::views::RunHandle* run READ run WRITE setRun NOTIFY runChanged)
    Q_PROPERTY(int position READ position WRITE setPosition NOTIFY positionChanged)
    // The cell size in pixels: as set, or, while fitHeight > 0, the largest size within
    // [minCellSize, maxCellSize] whose grid fits in fitHeight (the smallest if none does).
    Q_PROPERTY(int cellSize READ cellSize WRITE setCellSize NOTIFY cellSizeChanged)
    Q_PROPERTY(int fitHeight READ fitHeight WRITE setFitHeight NOTIFY fitChanged)
    Q_PROPERTY(int minCellSize READ minCellSize WRITE setMinCellSize NOTIFY fitChanged)
    Q_PROPERTY(int maxCellSize READ maxCellSize WRITE setMaxCellSize NOTIFY fitChanged)
    Q_PROPERTY(int labelHeight READ labelHeight WRITE setLabelHeight NOTIFY labelHeightChanged)
    // Light backgrounds draw full cells dark, dark backgrounds draw them bright.
    Q_PROPERTY(bool darkBackground READ darkBackground WRITE setDarkBackground NOTIFY darkBackgroundChanged)
    Q_PROPERTY(QColor emptyColor READ emptyColor WRITE setEmptyColor NOTIFY emptyColorChanged)
    Q_PROPERTY(QColor selectionColor READ selectionColor WRITE setSelectionColor NOTIFY selectionColorChanged)
    Q_PROPERTY(int hoveredCell READ hoveredCell NOTIFY hoveredCellChanged)
    Q_PROPERTY(QRectF hoveredCellRect READ hoveredCellRect NOTIFY hoveredCellChanged)
    Q_PROPERTY(QString hoverText READ hoverText NOTIFY hoverTextChanged)
    Q_PROPERTY(int selectedGroup READ selectedGroup WRITE setSelectedGroup NOTIFY selectedGroupChanged)
    Q_PROPERTY(QString selectedGroupText READ selectedGroupText NOTIFY selectedGroupTextChanged)
    // {label, x, y, width, height, cells, nodes} per GPU model, in item coordinates.
    Q_PROPERTY(QVariantList bands READ bands NOTIFY bandsChanged)
    Q_PROPERTY(int cellCount READ cellCount NOTIFY runChanged)
    // The run's cell layers (OccupancyLayout::layers) as {name, categorical, categories:
    // [{name, color}]}, and the one drawn: shares on the gradient of colorAt, categories in
    // their colours, negative values as free cells.
    Q_PROPERTY(QVariantList layers READ layers NOTIFY runChanged)
    // Not "layer": QQuickItem has a property of that name (its layer effects).
    Q_PROPERTY(int layerIndex READ layerIndex WRITE setLayerIndex NOTIFY layerChanged)
    Q_PROPERTY(bool layerCategorical READ layerCategorical NOTIFY layerChanged)
    // The run draws spans (OccupancyLayout::spanRows: a slice view) or Gantt intervals.
    Q_PROPERTY(bool hasSpans READ hasSpans NOTIFY runChanged)
    Q_PROPERTY(bool hasIntervals READ hasIntervals NOTIFY runChanged)

public:
    explicit OccupancyItem(QQuickItem* parent = nullptr);
    ~OccupancyItem() override;

    RunHandle* run() const { return run_; }
    void setRun(RunHandle* run);
    int position() const { return position_; }
    void setPosition(int position);
    int cellSize() const { return cellSize_; }
    void setCellSize(int size);
    int fitHeight() const { return fitHeight_; }
    void setFitHeight(int height);
    int minCellSize() const { return minCellSize_; }
    void setMinCellSize(int size);
    int maxCellSize() const { return maxCellSize_; }
    void setMaxCellSize(int size);    int labelHeight() const { return labelHeight_; }
    void setLabelHeight(int height);
    bool darkBackground() const { return darkBackground_; }
    void setDarkBackground(bool dark);
    QColor emptyColor() const { return emptyColor_; }
    void setEmptyColor(const QColor& color);
    QColor selectionColor() const { return selectionColor_; }
    void setSelectionColor(const QColor& color);
    int hoveredCell() const { return hoveredCell_; }
    QRectF hoveredCellRect() const;
    QString hoverText() const { return hoverText_; }
    int selectedGroup() const { return selectedGroup_; }
    void setSelectedGroup(int group);
    QString selectedGroupText() const { return selectedGroupText_; }
    QVariantList bands() const;
    int cellCount() const { return int(use_.size()); }
    QVariantList layers() const;
    int layerIndex() const { return layer_; }
    void setLayerIndex(int layer);
    bool layerCategorical() const;
    bool hasSpans() const { return model_ && model_->layout().hasSpans(); }
    bool hasIntervals() const { return model_ && !model_->intervals().empty(); }
    // Cells with any allocated share in the shown layer (layer 0: what the run's "gpus_in_use"
    // metric counts).
    int usedCellCount() const;

    // The colour of a used share in [0, 1], for legends.
    Q_INVOKABLE QColor colorAt(qreal share) const;
    // The colour of category `index` of a categorical layer (CategoryColors).
    Q_INVOKABLE QColor categoryColorAt(int index) const;
    Q_INVOKABLE int cellAt(qreal x, qreal y) const;
    // The hover text of any cell at the current position (what hovering it would show).
    Q_INVOKABLE QString describeCell(int cell) const;
    Q_INVOKABLE int groupOfCell(int cell) const { return geometry_.groupOfCell(cell); }
    // Selects the group (node) called `name`, e.g. from the decision inspector; false, and no
    // selection, when the run has no such node.
    Q_INVOKABLE bool selectNode(const QString& name);
    // The bounding rectangle of a group's cells, in item coordinates (empty for none).
    Q_INVOKABLE QRectF groupBounds(int group) const;

signals:
    void runChanged();
    void positionChanged();
    void cellSizeChanged();
    void fitChanged();
    void labelHeightChanged();
    void darkBackgroundChanged();
    void emptyColorChanged();
    void selectionColorChanged();
    void hoveredCellChanged();
    void hoverTextChanged();
    void selectedGroupChanged();
    void selectedGroupTextChanged();
    void bandsChanged();
    void cellsChanged();
    void layerChanged();

protected:
    void geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry) override;
    void hoverMoveEvent(QHoverEvent* event) override;
    void hoverLeaveEvent(QHoverEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    void relayout();
    void readCells();
    void repaintImage();
    void setHoveredCell(int cell);
    void updateSelectedGroupText();

    QPointer<RunHandle> run_;
    std::shared_ptr<const Run> model_;  // keeps the run and its layout alive
    std::unique_ptr<RunCursor> cursor_;
    int position_ = 0;
    int layer_ = 0;
    int cellSize_ = 7;
    int fixedCellSize_ = 7;  // as set; cellSize_ differs while fitting
    int fitHeight_ = 0;
    int minCellSize_ = 4;
    int maxCellSize_ = 24;
    int labelHeight_ = 18;
    bool darkBackground_ = false;
    QColor emptyColor_{0xd4, 0xd4, 0xd4};
    QColor selectionColor_{0xe6, 0x55, 0x00};
    int hoveredCell_ = -1;
    QString hoverText_;
    int selectedGroup_ = -1;
    QString selectedGroupText_;

    OccupancyGeometry geometry_;
    std::vector<float> use_;
    std::vector<float> scratch_;
};

}  // namespace tessera::views
