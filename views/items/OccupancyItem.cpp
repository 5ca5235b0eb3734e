#include "items/OccupancyItem.h"

#include "chart/ChartColors.h"
#include "chart/OccupancyBlockValue.h"
#include "chart/OccupancyChart.h"
#include "items/CategoryColors.h"

#include <QFontMetrics>
#include <QPainter>
#include <QVariantMap>

#include <algorithm>

namespace tessera::views {

namespace {
// The exported occupancy chart's scale (ChartColors::occupancy), so that files look like the grid.
QColor useColor(double share, bool darkBackground) { return chart::ChartColors::occupancy(share, darkBackground); }
}  // namespace

OccupancyItem::OccupancyItem(QQuickItem* parent)
    : GroupGridItem({.smallest = 1, .fixed = 7, .min = 4, .max = 24, .labelHeight = 18}, QColor(0xd4, 0xd4, 0xd4),
                    QColor(0xe6, 0x55, 0x00), parent)
{
    setImplicitWidth(600);
}

OccupancyItem::~OccupancyItem() = default;

void OccupancyItem::forgetRun()
{
    use_.clear();
    layer_ = 0;  // every run has a layer 0; the previous run's choice may not exist in this one
    hoveredCell_ = -1;
}

void OccupancyItem::announceRun()
{
    emit layerChanged();
    emit hoveredCellChanged();
    emit hoverTextChanged();
}

QVariantList OccupancyItem::layers() const
{
    if (!model())
        return {};
    QVariantList list = layerList(model()->layout());
    // A binary layer (busy or free, training GPUs) is keyed by two swatches, with the exported
    // chart's words, not by a 0-100 % ramp.
    const QStringList keys = chart::OccupancyChart::binaryKeys(*model());
    for (size_t l = 0; l < model()->layout().layers.size() && l < size_t(list.size()); ++l) {
        QVariantMap layer = list[qsizetype(l)].toMap();
        const bool binary = model()->layout().layers[l].binary && keys.size() == 2;
        layer.insert("binary", binary);
        layer.insert("busyText", binary ? keys.at(0) : QString());
        layer.insert("freeText", binary ? keys.at(1) : QString());
        list[qsizetype(l)] = layer;
    }
    return list;
}

void OccupancyItem::setLayerIndex(int layer)
{
    const int count = model() ? int(model()->layout().layers.size()) : 1;
    layer = std::clamp(layer, 0, std::max(count - 1, 0));
    if (layer == layer_)
        return;
    layer_ = layer;
    use_.clear();  // the same values mean other colours in another layer: always repaint
    readAtPosition();
    emit layerChanged();
}

bool OccupancyItem::layerCategorical() const
{
    if (!model() || size_t(layer_) >= model()->layout().layers.size())
        return false;
    return model()->layout().layers[size_t(layer_)].kind == OccupancyLayer::Kind::Category;
}

void OccupancyItem::setLabelHeight(int height)
{
    if (replaceLabelHeight(height))
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
    if (replaceEmptyColor(color))
        emit emptyColorChanged();
}

void OccupancyItem::setSelectionColor(const QColor& color)
{
    if (replaceSelectionColor(color))
        emit selectionColorChanged();
}

QRectF OccupancyItem::hoveredCellRect() const
{
    if (hoveredCell_ < 0 || size_t(hoveredCell_) >= geometry_.cells().size())
        return {};
    return QRectF(geometry_.cells()[size_t(hoveredCell_)]);
}

QString OccupancyItem::bandText(const chart::OccupancyGeometry::Band& band) const
{
    // In the run's words: "4 GPUs per node · 16 nodes · 64 GPUs", "A30 · 8 GPUs · 56 slices".
    const RunWords words = model() ? model()->words() : RunWords();
    const auto noun = [](int n, const std::string& one, const std::string& many) {
        return QStringLiteral("%1 %2").arg(n).arg(QString::fromStdString(n == 1 ? one : many));
    };
    return QStringLiteral("%1 · %2 · %3")
        .arg(band.label, noun(band.groupCount, words.group, words.groups), noun(band.cellCount, words.cell, words.cells));
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
                                {"nodes", band.groupCount},
                                {"text", bandText(band)}});
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
    if (!cursor() || cell < 0 || size_t(cell) >= use_.size())
        return {};
    if (geometry_.isOverview())
        return describeBlock(geometry_.blockOfGroup(groupOfCell(cell)));
    return QString::fromStdString(cursor()->describeCell(uint32_t(cell)));
}

QString OccupancyItem::describeBlock(int block) const
{
    if (!cursor() || block < 0 || size_t(block) >= geometry_.blocks().size())
        return {};
    const auto& b = geometry_.blocks()[size_t(block)];
    const RunWords words = model()->words();
    const QString group = QString::fromStdString(words.group), groups = QString::fromStdString(words.groups);
    const QString cells = QString::fromStdString(words.cells);
    // What the colour is, then every node of the square (at most a few) as the side panel has it:
    // "This square: one node, drawn in the mean of its 8 GPUs: 62.5 %".
    constexpr uint32_t kListed = 3;
    const OccupancyLayout& layout = model()->layout();
    uint32_t cellCount = 0;
    for (uint32_t g = b.firstGroup; g < b.firstGroup + b.groupCount; ++g)
        cellCount += layout.groups[g].cellCount;
    const QString what = b.groupCount == 1
                             ? QStringLiteral("one %1, drawn in the %3 of its %2").arg(group).arg(cellCount)
                             : QStringLiteral("%1 %2 (more than pixels), drawn in the %4 of their %3")
                                   .arg(b.groupCount).arg(groups).arg(cellCount);
    QString text = QStringLiteral("This square: ")
                   + (layerCategorical()
                          ? what.arg(QStringLiteral("most common category")) + QStringLiteral(" ") + cells
                          : what.arg(QStringLiteral("mean")) + QStringLiteral(" ") + cells
                                + QStringLiteral(": %1 %").arg(100.0 * chart::OccupancyBlockValue::meanShare(layout, b, use_),
                                                               0, 'f', 1));
    for (uint32_t g = b.firstGroup; g < b.firstGroup + std::min(b.groupCount, kListed); ++g)
        text += QStringLiteral("\n\n") + QString::fromStdString(cursor()->describeGroup(g));
    if (b.groupCount > kListed)
        text += QStringLiteral("\n\n… and %1 more %2").arg(b.groupCount - kListed).arg(groups);
    return text;
}

void OccupancyItem::hoverAt(QPoint point)
{
    int cell = cellAt(point.x(), point.y());
    // A node's label stands for its node: hovering it shows the first GPU, whose text names the
    // node in full (labels may be left out or elided where room is short).
    if (cell < 0) {
        const int group = geometry_.labelAt(point);
        if (group >= 0 && model() && model()->layout().groups[size_t(group)].cellCount > 0)
            cell = int(model()->layout().groups[size_t(group)].firstCell);
    }
    setHoveredCell(cell);
}

void OccupancyItem::setOverviewAllowed(bool allowed)
{
    if (allowed == overviewAllowed_)
        return;
    overviewAllowed_ = allowed;
    relayout();
    emit overviewChanged();
}

QColor OccupancyItem::drawnColorAt(qreal x, qreal y) const
{
    const QPoint p = QPointF(x, y).toPoint();
    return image().rect().contains(p) ? QColor::fromRgba(image().pixel(p)) : QColor(Qt::transparent);
}

bool OccupancyItem::selectNode(const QString& name)
{
    const std::string wanted = name.toStdString();
    int found = -1;
    if (model())
        for (size_t g = 0; g < model()->layout().groups.size() && found < 0; ++g)
            if (model()->layout().groups[g].name == wanted)
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

int OccupancyItem::fittingSize(int width, int smallest, int largest) const
{
    return chart::OccupancyGeometry::fittingCellSize(model()->layout(), width, fitHeight(), labelHeight(), smallest, largest);
}

int OccupancyItem::layOut(int size)
{
    const bool wasOverview = geometry_.isOverview(), wasNeeded = overviewNeeded_;
    const int wasPerSquare = geometry_.groupsPerBlock();
    geometry_ = chart::OccupancyGeometry(model()->layout(), int(width()), size, labelHeight());
    // Cells that do not fit at the smallest size asked for would be smaller than readable (or
    // than a pixel): a square per node instead, at most one per pixel.
    overviewNeeded_ = fitHeight() > 0 && geometry_.height() > fitHeight();
    if (overviewNeeded_ && overviewAllowed_) {
        // Only a square per node: where even that does not fit (a short compare pane, whose
        // band titles take the room) shared squares would be too coarse to read, so the cells
        // scroll as before.
        auto overview = chart::OccupancyGeometry::fittingOverview(model()->layout(), int(width()), fitHeight(),
                                                                  labelHeight(), maxCellSize());
        if (overview.groupsPerBlock() == 1 && overview.height() <= fitHeight())
            geometry_ = std::move(overview);
    }
    if (wasOverview != geometry_.isOverview() || wasNeeded != overviewNeeded_
        || wasPerSquare != geometry_.groupsPerBlock())
        emit overviewChanged();
    return geometry_.height();
}

void OccupancyItem::readCursor()
{
    cursor()->cellLayer(size_t(layer_), scratch_);
    if (scratch_.size() != model()->layout().cellCount)  // a kind that gives no values: all free
        scratch_.assign(model()->layout().cellCount, layer_ == 0 ? 0.0f : -1.0f);
    if (scratch_ != use_) {
        use_.swap(scratch_);
        repaintImage();
        emit cellsChanged();
    }
    // The texts name the pods present now, so they follow the cursor even when colours do not.
    if (hoveredCell_ >= 0) {
        storeHoverText(describeCell(hoveredCell_));
        emit hoverTextChanged();
    }
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
    const bool categorical = layerCategorical();
    const int stride = int(texels.bytesPerLine() / sizeof(QRgb));
    auto* bits = reinterpret_cast<QRgb*>(texels.bits());
    const auto fill = [&](const QRect& rect, QRgb rgb) {
        const QRect r = rect.intersected(texels.rect());
        for (int y = r.top(); y <= r.bottom(); ++y)
            std::fill(bits + y * stride + r.left(), bits + y * stride + r.right() + 1, rgb);
    };
    if (geometry_.isOverview())  // a square per node: as many fills as squares, not cells
        for (const auto& block : geometry_.blocks())
            fill(block.rect, blockColor(block, categorical));
    else
        for (size_t c = 0; c < cells.size(); ++c)
            fill(cells[c], valueColor(use_[c], categorical));
    if (!geometry_.groupLabels().empty()) {
        // Node numbers beside their cells, in the muted text colour of the background; a name
        // longer than its slot is elided (hovering it names the node in full).
        QPainter painter(&texels);
        QFont font;
        font.setPixelSize(geometry_.labelPixels());
        painter.setFont(font);
        const QFontMetrics metrics(font);
        painter.setPen((darkBackground_ ? chart::ChartColors::darkTheme() : chart::ChartColors::lightTheme()).mutedText);
        for (const auto& label : geometry_.groupLabels()) {
            // The ink centred in the box, not the line (ascent and descent, taller than the
            // box): centring the line cut off the foot of a "y".
            const QString text = metrics.elidedText(label.text, Qt::ElideRight, label.rect.width());
            const QRect ink = metrics.tightBoundingRect(text);
            const int baseline = label.rect.top() + (label.rect.height() - ink.height()) / 2 - ink.top();
            painter.drawText(QPoint(label.rect.right() + 1 - metrics.horizontalAdvance(text), baseline), text);
        }
    }
    if (selectedGroup() >= 0) {
        QPainter painter(&texels);
        // Two pixels wide (two rings) on cells big enough to keep their colour visible inside.
        painter.setPen(QPen(selectionColor(), 1));
        const int rings = geometry_.cellSize() >= 6 ? 2 : 1;
        for (const QRect& r : geometry_.groupRects(selectedGroup()))
            for (int k = 1; k <= rings; ++k)
                painter.drawRect(r.adjusted(-k, -k, k - 1, k - 1));
    }
    imageChanged();
}

QRgb OccupancyItem::valueColor(float value, bool categorical) const
{
    if (categorical)
        return value >= 0.0f ? categoryColor(int(value)).rgb() : emptyColor().rgba();
    return value > 0.0f ? useColor(value, darkBackground_).rgb() : emptyColor().rgba();
}

QRgb OccupancyItem::blockColor(const chart::OccupancyGeometry::Block& block, bool categorical) const
{
    const OccupancyLayout& layout = model()->layout();
    return categorical ? valueColor(float(chart::OccupancyBlockValue::commonCategory(layout, block, use_)), true)
                       : valueColor(chart::OccupancyBlockValue::meanShare(layout, block, use_), false);
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
    storeHoverText(text);
    // Text first: a tooltip shown on hoveredCellChanged opens with the text it has then, and
    // a text set while its delay runs is not applied (Qt 6.4): an empty box followed the mouse.
    emit hoverTextChanged();
    emit hoveredCellChanged();
}

}  // namespace tessera::views
