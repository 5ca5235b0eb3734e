#pragma once

#include "chart/OccupancyGeometry.h"
#include "items/GroupGridItem.h"

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
class OccupancyItem : public GroupGridItem {
    Q_OBJECT
    QML_ELEMENT
    // run, position, fitHeight, selectedGroup and selectedGroupText: GroupGridItem.
    // The cell size in pixels: as set, or, while fitHeight > 0, the largest size within
    // [minCellSize, maxCellSize] whose grid fits in fitHeight (the smallest if none does).
    Q_PROPERTY(int cellSize READ cellSize WRITE setCellSize NOTIFY cellSizeChanged)
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
    // {label, x, y, width, height, cells, nodes, text} per GPU model, in item coordinates; `text`
    // says the band in the run's words (RunWords: groups and cells).
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
    // Level of detail: while fitting (fitHeight > 0), a grid whose cells do not fit at
    // minCellSize is drawn as an overview, a square per node (OccupancyGeometry::overview) in
    // its nodes' mean colour, when a square per node fits and overviewAllowed is true; else the
    // cells scroll. Hover and click still name the exact node under the pointer, its GPUs and pods.
    Q_PROPERTY(bool overviewAllowed READ overviewAllowed WRITE setOverviewAllowed NOTIFY overviewChanged)
    Q_PROPERTY(bool overview READ overview NOTIFY overviewChanged)
    // Whether the cells at minCellSize are taller than fitHeight (the overview is offered).
    Q_PROPERTY(bool overviewNeeded READ overviewNeeded NOTIFY overviewChanged)
    // Groups per overview square (1: a node each; more only when nodes outnumber the pixels).
    Q_PROPERTY(int groupsPerSquare READ groupsPerSquare NOTIFY overviewChanged)

public:
    explicit OccupancyItem(QQuickItem* parent = nullptr);
    ~OccupancyItem() override;

    int cellSize() const { return fittedSize(); }
    void setCellSize(int size) { setFixedSize(size); }
    int minCellSize() const { return minSize(); }
    void setMinCellSize(int size) { setMinSize(size); }
    int maxCellSize() const { return maxSize(); }
    void setMaxCellSize(int size) { setMaxSize(size); }
    using GroupGridItem::labelHeight;
    void setLabelHeight(int height);
    bool darkBackground() const { return darkBackground_; }
    void setDarkBackground(bool dark);
    void setEmptyColor(const QColor& color);
    void setSelectionColor(const QColor& color);
    int hoveredCell() const { return hoveredCell_; }
    QRectF hoveredCellRect() const;
    QVariantList bands() const;
    int cellCount() const { return int(use_.size()); }
    QVariantList layers() const;
    int layerIndex() const { return layer_; }
    void setLayerIndex(int layer);
    bool layerCategorical() const;
    bool hasSpans() const { return model() && model()->layout().hasSpans(); }
    bool hasIntervals() const { return model() && !model()->intervals().empty(); }
    bool overviewAllowed() const { return overviewAllowed_; }
    void setOverviewAllowed(bool allowed);
    bool overview() const { return geometry_.isOverview(); }
    bool overviewNeeded() const { return overviewNeeded_; }
    int groupsPerSquare() const { return geometry_.groupsPerBlock(); }
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
    // The colour drawn at a point of the item (transparent outside the grid), for tests.
    Q_INVOKABLE QColor drawnColorAt(qreal x, qreal y) const;

signals:
    void cellSizeChanged();
    void labelHeightChanged();
    void darkBackgroundChanged();
    void emptyColorChanged();
    void selectionColorChanged();
    void hoveredCellChanged();
    void hoverTextChanged();
    void cellsChanged();
    void layerChanged();
    void overviewChanged();

protected:
    bool hasGrid() const override { return model() != nullptr; }
    int fittingSize(int width, int smallest, int largest) const override;
    int layOut(int size) override;
    void clearLayout() override { geometry_ = chart::OccupancyGeometry(); }
    void fittedSizeChanged() override { emit cellSizeChanged(); }
    void paintLayout() override { repaintImage(); }
    void repaintImage() override;
    void readCursor() override;
    void forgetRun() override;
    void announceRun() override;
    void hoverAt(QPoint point) override;
    int groupAt(QPoint point) const override { return groupOfCell(cellAt(point.x(), point.y())); }

private:
    void setHoveredCell(int cell);
    QString bandText(const chart::OccupancyGeometry::Band& band) const;
    // The colour of one cell's value, or of an overview square (the mean share, or the most
    // common category, of its cells: OccupancyBlockValue).
    QRgb valueColor(float value, bool categorical) const;
    QRgb blockColor(const chart::OccupancyGeometry::Block& block, bool categorical) const;
    // The hover text of an overview square: each of its nodes in full (RunCursor::describeGroup).
    QString describeBlock(int block) const;

    int layer_ = 0;
    bool darkBackground_ = false;
    int hoveredCell_ = -1;
    bool overviewAllowed_ = true;
    bool overviewNeeded_ = false;

    chart::OccupancyGeometry geometry_;
    std::vector<float> use_;
    std::vector<float> scratch_;
};

}  // namespace tessera::views
