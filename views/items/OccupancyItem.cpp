#include "items/OccupancyItem.h"

#include "chart/ChartColors.h"
#include "items/CategoryColors.h"

#include <QPainter>
#include <QVariantMap>

#include <algorithm>

namespace tessera::views {

namespace {
// The exported occupancy chart's scale (ChartColors::occupancy), so that files look like the grid.
QColor useColor(double share, bool darkBackground) { return chart::ChartColors::occupancy(share, darkBackground); }
}  // namespace

OccupancyItem::OccupancyItem(QQuickItem* parent) : TextureImageItem(Fit::ImageSize, parent)
{
    setAcceptHoverEvents(true);
    setAcceptedMouseButtons(Qt::LeftButton);
    setImplicitWidth(600);
}

OccupancyItem::~OccupancyItem() = default;

void OccupancyItem::setRun(RunHandle* run)
{
    if (run == run_)
        return;
    run_ = run;
    model_ = run ? run->shared() : nullptr;
    cursor_ = model_ ? model_->cursor() : nullptr;
    use_.clear();
    layer_ = 0;  // every run has a layer 0; the previous run's choice may not exist in this one
    hoveredCell_ = -1;
    hoverText_.clear();
    selectedGroup_ = -1;
    relayout();
    readCells();
    emit runChanged();
    emit layerChanged();
    emit hoveredCellChanged();
    emit hoverTextChanged();
    emit selectedGroupChanged();
    updateSelectedGroupText();
}

void OccupancyItem::setPosition(int position)
{
    if (position == position_)
        return;
    position_ = position;
    readCells();
    emit positionChanged();
}

QVariantList OccupancyItem::layers() const
{
    return model_ ? layerList(model_->layout()) : QVariantList();
}

void OccupancyItem::setLayerIndex(int layer)
{
    const int count = model_ ? int(model_->layout().layers.size()) : 1;
    layer = std::clamp(layer, 0, std::max(count - 1, 0));
    if (layer == layer_)
        return;
    layer_ = layer;
    use_.clear();  // the same values mean other colours in another layer: always repaint
    readCells();
    emit layerChanged();
}

bool OccupancyItem::layerCategorical() const
{
    if (!model_ || size_t(layer_) >= model_->layout().layers.size())
        return false;
    return model_->layout().layers[size_t(layer_)].kind == OccupancyLayer::Kind::Category;
}

void OccupancyItem::setCellSize(int size)
{
    size = std::clamp(size, 1, 64);
    if (size == fixedCellSize_)
        return;
    fixedCellSize_ = size;
    relayout();
}

void OccupancyItem::setFitHeight(int height)
{
    height = std::max(height, 0);
    if (height == fitHeight_)
        return;
    fitHeight_ = height;
    relayout();
    emit fitChanged();
}

void OccupancyItem::setMinCellSize(int size)
{
    size = std::clamp(size, 1, 64);
    if (size == minCellSize_)
        return;
    minCellSize_ = size;
    relayout();
    emit fitChanged();
}

void OccupancyItem::setMaxCellSize(int size)
{
    size = std::clamp(size, 1, 64);
    if (size == maxCellSize_)
        return;
    maxCellSize_ = size;
    relayout();
    emit fitChanged();
}

void OccupancyItem::setLabelHeight(int height)
{
    height = std::max(height, 0);
    if (height == labelHeight_)
        return;
    labelHeight_ = height;
    relayout();
    emit labelHeightChanged();
}

void OccupancyItem::setDarkBackground(bool dark)
{
    if (dark == darkBackground_)
        return;
    darkBackground_ = dark;
    repaintImage();
    emit darkBackgroundChanged();
}

void OccupancyItem::setEmptyColor(const QColor& color)
{
    if (color == emptyColor_)
        return;
    emptyColor_ = color;
    repaintImage();
    emit emptyColorChanged();
}

void OccupancyItem::setSelectionColor(const QColor& color)
{
    if (color == selectionColor_)
        return;
    selectionColor_ = color;
    repaintImage();
    emit selectionColorChanged();
}

QRectF OccupancyItem::hoveredCellRect() const
{
    if (hoveredCell_ < 0 || size_t(hoveredCell_) >= geometry_.cells().size())
        return {};
    return QRectF(geometry_.cells()[size_t(hoveredCell_)]);
}

void OccupancyItem::setSelectedGroup(int group)
{
    const int groups = model_ ? int(model_->layout().groups.size()) : 0;
    if (group < 0 || group >= groups)
        group = -1;
    if (group == selectedGroup_)
        return;
    selectedGroup_ = group;
    repaintImage();
    emit selectedGroupChanged();
    updateSelectedGroupText();
}

QVariantList OccupancyItem::bands() const
{
    QVariantList list;
    for (const auto& band : geometry_.bands())
        list.append(QVariantMap{{"label", band.label},
                                {"x", band.labelRect.x()},
                                {"y", band.labelRect.y()},
                                {"width", band.labelRect.width()},
                                {"height", band.labelRect.height()},
                                {"cellsY", band.cellsRect.y()},
                                {"cellsHeight", band.cellsRect.height()},
                                {"cells", band.cellCount},
                                {"nodes", band.groupCount}});
    return list;
}

int OccupancyItem::usedCellCount() const
{
    const bool categorical = layerCategorical();  // category 0 is a used cell, negative none
    return int(std::count_if(use_.begin(), use_.end(), [&](float u) { return categorical ? u >= 0.0f : u > 0.0f; }));
}

QColor OccupancyItem::colorAt(qreal share) const
{
    return useColor(share, darkBackground_);
}

QColor OccupancyItem::categoryColorAt(int index) const
{
    return categoryColor(index);
}

int OccupancyItem::cellAt(qreal x, qreal y) const
{
    return geometry_.cellAt(QPointF(x, y).toPoint());
}

QString OccupancyItem::describeCell(int cell) const
{
    if (!cursor_ || cell < 0 || size_t(cell) >= use_.size())
        return {};
    return QString::fromStdString(cursor_->describeCell(uint32_t(cell)));
}

bool OccupancyItem::selectNode(const QString& name)
{
    const std::string wanted = name.toStdString();
    int found = -1;
    if (model_)
        for (size_t g = 0; g < model_->layout().groups.size() && found < 0; ++g)
            if (model_->layout().groups[g].name == wanted)
                found = int(g);
    setSelectedGroup(found);
    return found >= 0;
}

QRectF OccupancyItem::groupBounds(int group) const
{
    QRect bounds;
    for (const QRect& r : geometry_.groupRects(group))
        bounds = bounds.united(r);
    return QRectF(bounds);
}

void OccupancyItem::geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry)
{
    TextureImageItem::geometryChange(newGeometry, oldGeometry);
    if (int(newGeometry.width()) != int(oldGeometry.width()))
        relayout();
}

void OccupancyItem::relayout()
{
    int size = fixedCellSize_;
    if (model_ && width() >= 1 && fitHeight_ > 0)
        size = OccupancyGeometry::fittingCellSize(model_->layout(), int(width()), fitHeight_, labelHeight_,
                                                  std::min(minCellSize_, maxCellSize_), maxCellSize_);
    if (model_ && width() >= 1)
        geometry_ = OccupancyGeometry(model_->layout(), int(width()), size, labelHeight_);
    else
        geometry_ = OccupancyGeometry();
    if (size != cellSize_) {
        cellSize_ = size;
        emit cellSizeChanged();
    }
    setImplicitHeight(model_ && width() >= 1 ? geometry_.height() : 0);
    repaintImage();
    emit bandsChanged();
}

void OccupancyItem::readCells()
{
    if (!cursor_)
        return;
    cursor_->seek(size_t(std::max(position_, 0)));
    cursor_->cellLayer(size_t(layer_), scratch_);
    if (scratch_.size() != model_->layout().cellCount)  // a kind that gives no values: all free
        scratch_.assign(model_->layout().cellCount, layer_ == 0 ? 0.0f : -1.0f);
    if (scratch_ != use_) {
        use_.swap(scratch_);
        repaintImage();
        emit cellsChanged();
    }
    // The texts name the pods present now, so they follow the cursor even when colours do not.
    if (hoveredCell_ >= 0) {
        hoverText_ = describeCell(hoveredCell_);
        emit hoverTextChanged();
    }
    updateSelectedGroupText();
}

void OccupancyItem::repaintImage()
{
    const auto& cells = geometry_.cells();
    QImage& texels = image();
    if (cells.empty() || use_.size() != cells.size()) {
        texels = QImage();
        imageChanged();
        return;
    }
    if (texels.size() != QSize(geometry_.width(), geometry_.height()))
        texels = QImage(geometry_.width(), geometry_.height(), QImage::Format_ARGB32_Premultiplied);
    texels.fill(Qt::transparent);
    const QRgb empty = emptyColor_.rgba();
    const bool categorical = layerCategorical();
    const int stride = int(texels.bytesPerLine() / sizeof(QRgb));
    auto* bits = reinterpret_cast<QRgb*>(texels.bits());
    for (size_t c = 0; c < cells.size(); ++c) {
        const QRect r = cells[c].intersected(texels.rect());
        const QRgb rgb = categorical ? (use_[c] >= 0.0f ? categoryColor(int(use_[c])).rgb() : empty)
                         : use_[c] > 0.0f ? useColor(use_[c], darkBackground_).rgb()
                                          : empty;
        for (int y = r.top(); y <= r.bottom(); ++y)
            std::fill(bits + y * stride + r.left(), bits + y * stride + r.right() + 1, rgb);
    }
    if (selectedGroup_ >= 0) {
        QPainter painter(&texels);
        // Two pixels wide (two rings) on cells big enough to keep their colour visible inside.
        painter.setPen(QPen(selectionColor_, 1));
        const int rings = geometry_.cellSize() >= 6 ? 2 : 1;
        for (const QRect& r : geometry_.groupRects(selectedGroup_))
            for (int k = 1; k <= rings; ++k)
                painter.drawRect(r.adjusted(-k, -k, k - 1, k - 1));
    }
    imageChanged();
}

void OccupancyItem::setHoveredCell(int cell)
{
    // A cell with nothing to say (no run read yet) is no hover: no box, no empty tooltip.
    QString text = describeCell(cell);
    if (text.isEmpty())
        cell = -1;
    if (cell == hoveredCell_)
        return;
    hoveredCell_ = cell;
    hoverText_ = text;
    // Text first: a tooltip shown on hoveredCellChanged opens with the text it has then, and
    // a text set while its delay runs is not applied (Qt 6.4): an empty box followed the mouse.
    emit hoverTextChanged();
    emit hoveredCellChanged();
}

void OccupancyItem::hoverMoveEvent(QHoverEvent* event)
{
    setHoveredCell(cellAt(event->position().x(), event->position().y()));
}

void OccupancyItem::hoverLeaveEvent(QHoverEvent*)
{
    setHoveredCell(-1);
}

void OccupancyItem::mousePressEvent(QMouseEvent* event)
{
    setSelectedGroup(groupOfCell(cellAt(event->position().x(), event->position().y())));
    event->accept();
}

void OccupancyItem::updateSelectedGroupText()
{
    QString text;
    if (cursor_ && selectedGroup_ >= 0)
        text = QString::fromStdString(cursor_->describeGroup(uint32_t(selectedGroup_)));
    if (text != selectedGroupText_) {
        selectedGroupText_ = text;
        emit selectedGroupTextChanged();
    }
}

}  // namespace tessera::views
