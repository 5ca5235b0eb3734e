#include "items/SliceItem.h"

#include "items/CategoryColors.h"

#include <QPainter>
#include <QVariantMap>

#include <algorithm>

namespace tessera::views {

namespace {
// The colour of a span with no category in the shown layer (a kind that leaves it unset).
const QColor kUncategorised(0x8a, 0x8f, 0x96);

// Diagonal stripes of `stripe` over `under` in `r`: 2 pixels of each, on the image's own
// diagonal so that neighbouring slots continue one pattern.
void hatch(QImage& image, const QRect& rect, QRgb stripe, QRgb under)
{
    const QRect r = rect.intersected(image.rect());
    const int stride = int(image.bytesPerLine() / sizeof(QRgb));
    auto* bits = reinterpret_cast<QRgb*>(image.bits());
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x)
            bits[y * stride + x] = ((x + y) / 2) % 2 == 0 ? stripe : under;
}

void fill(QImage& image, const QRect& rect, QRgb rgb)
{
    const QRect r = rect.intersected(image.rect());
    const int stride = int(image.bytesPerLine() / sizeof(QRgb));
    auto* bits = reinterpret_cast<QRgb*>(image.bits());
    for (int y = r.top(); y <= r.bottom(); ++y)
        std::fill(bits + y * stride + r.left(), bits + y * stride + r.right() + 1, rgb);
}
}  // namespace

SliceItem::SliceItem(QQuickItem* parent)
    : GroupGridItem({.smallest = 2, .fixed = 12, .min = 5, .max = 28, .labelHeight = 20}, QColor(0xdd, 0xdd, 0xdd),
                    QColor(0xff, 0x2d, 0x00), parent)
{
    setImplicitWidth(600);
}

SliceItem::~SliceItem() = default;

void SliceItem::forgetRun()
{
    categoricalLayers_.clear();
    if (model())
        for (size_t l = 0; l < model()->layout().layers.size(); ++l)
            if (model()->layout().layers[l].kind == OccupancyLayer::Kind::Category)
                categoricalLayers_.push_back(l);
    colorLayer_ = 0;
    spans_.clear();
    hoveredGroup_ = -1;
    hoverPoint_ = QPoint(-1, -1);
    hoveredRect_ = {};
}

void SliceItem::announceRun()
{
    emit colorLayerChanged();
    emit hoverChanged();
}

QVariantList SliceItem::colorLayers() const
{
    QVariantList list;
    if (!model())
        return list;
    const QVariantList all = layerList(model()->layout());
    for (size_t l : categoricalLayers_) {
        QVariantMap entry = all[qsizetype(l)].toMap();
        entry["layer"] = int(l);
        list.append(entry);
    }
    return list;
}

void SliceItem::setColorLayer(int index)
{
    index = std::clamp(index, 0, std::max(int(categoricalLayers_.size()) - 1, 0));
    if (index == colorLayer_)
        return;
    colorLayer_ = index;
    repaintImage();
    emit colorLayerChanged();
}

int SliceItem::layoutLayer() const
{
    return size_t(colorLayer_) < categoricalLayers_.size() ? int(categoricalLayers_[size_t(colorLayer_)]) : -1;
}

void SliceItem::setBandLabelHeight(int height)
{
    if (replaceLabelHeight(height))
        emit fitChanged();
}

void SliceItem::setEmptyColor(const QColor& color)
{
    if (replaceEmptyColor(color))
        emit colorsChanged();
}

void SliceItem::setTextColor(const QColor& color)
{
    if (color == textColor_)
        return;
    textColor_ = color;
    paintLayout();
    emit colorsChanged();
}

void SliceItem::setStrandedColor(const QColor& color)
{
    if (color == strandedColor_)
        return;
    strandedColor_ = color;
    repaintImage();
    emit colorsChanged();
}

void SliceItem::setSelectionColor(const QColor& color)
{
    if (replaceSelectionColor(color))
        emit colorsChanged();
}

QVariantList SliceItem::bands() const
{
    QVariantList list;
    for (const auto& band : geometry_.bands())
        list.append(QVariantMap{{"label", band.label},
                                {"x", band.labelRect.x()},
                                {"y", band.labelRect.y()},
                                {"width", band.labelRect.width()},
                                {"height", band.labelRect.height()},
                                {"groups", band.groupCount}});
    return list;
}

QVariantList SliceItem::rows() const
{
    QVariantList list;
    if (model())
        for (const auto& row : model()->layout().spanRows)
            list.append(QVariantMap{{"name", QString::fromStdString(row.name)}, {"slots", int(row.slotCount)}});
    return list;
}

int SliceItem::strandedSlots() const
{
    int count = 0;
    for (const auto& group : spans_)
        for (const auto& span : group)
            if (span.flags & OccupancySpan::Stranded)
                count += int(span.toSlot - span.fromSlot);
    return count;
}

SliceItem::Found SliceItem::find(QPoint point) const
{
    Found found;
    const SliceGeometry::Hit hit = geometry_.hitAt(point);
    found.group = hit.group;
    if (hit.group < 0)
        return found;
    found.rect = geometry_.tiles()[size_t(hit.group)];
    if (hit.row < 0 || size_t(hit.group) >= spans_.size())
        return found;
    for (const auto& span : spans_[size_t(hit.group)])
        if (int(span.row) == hit.row && hit.slot >= int(span.fromSlot) && hit.slot < int(span.toSlot)) {
            found.span = &span;
            found.rect = geometry_.spanRect(hit.group, hit.row, int(span.fromSlot), int(span.toSlot));
        }
    return found;
}

QString SliceItem::describeAt(qreal x, qreal y) const
{
    const Found found = find(QPointF(x, y).toPoint());
    if (!cursor() || found.group < 0)
        return {};
    if (found.span && found.span->cell >= 0 && uint32_t(found.span->cell) < model()->layout().cellCount)
        return QString::fromStdString(cursor()->describeCell(uint32_t(found.span->cell)));
    QString text = QString::fromStdString(cursor()->describeGroup(uint32_t(found.group)));
    if (found.span && !found.span->label.empty()) {  // e.g. a stranded slice: say so first
        const auto& row = model()->layout().spanRows[found.span->row];
        text = tr("%1 · %2 slot %3").arg(QString::fromStdString(found.span->label), QString::fromStdString(row.name))
                   .arg(found.span->fromSlot + 1 == found.span->toSlot
                            ? QString::number(found.span->fromSlot)
                            : QStringLiteral("%1-%2").arg(found.span->fromSlot).arg(found.span->toSlot - 1))
               + "\n" + text;
    }
    return text;
}

QRectF SliceItem::groupBounds(int group) const
{
    if (group < 0 || size_t(group) >= geometry_.tiles().size())
        return {};
    return QRectF(geometry_.tiles()[size_t(group)]);
}

int SliceItem::fittingSize(int width, int smallest, int largest) const
{
    return SliceGeometry::fittingSlotSize(model()->layout(), width, fitHeight(), labelHeight(), smallest, largest);
}

int SliceItem::layOut(int size)
{
    geometry_ = SliceGeometry(model()->layout(), int(width()), size, labelHeight());
    return geometry_.height();
}

void SliceItem::readCursor()
{
    const size_t groups = model()->layout().groups.size();
    bool changed = spans_.size() != groups;
    spans_.resize(groups);
    for (size_t g = 0; g < groups; ++g) {
        cursor()->spans(uint32_t(g), scratch_);
        if (scratch_ != spans_[g]) {
            spans_[g].swap(scratch_);
            changed = true;
        }
    }
    if (changed) {
        repaintImage();
        emit spansChanged();
    }
    // The texts name what runs now, so they follow the cursor even when the colours do not.
    if (hoveredGroup_ >= 0)
        hoverAt(hoverPoint_);
}

void SliceItem::paintLayout()
{
    if (geometry_.tiles().empty() || !available()) {
        base_ = QImage();
        repaintImage();
        return;
    }
    base_ = QImage(geometry_.width(), geometry_.height(), QImage::Format_ARGB32_Premultiplied);
    base_.fill(Qt::transparent);
    const OccupancyLayout& layout = model()->layout();
    const QRgb empty = qPremultiply(emptyColor().rgba());  // the image is premultiplied; themes use alpha
    for (size_t g = 0; g < layout.groups.size(); ++g)
        for (size_t row = 0; row < layout.spanRows.size(); ++row)
            for (uint32_t s = 0; s < layout.slotsOf(g, row); ++s)
                fill(base_, geometry_.slotRect(int(g), int(row), int(s)), empty);
    if (geometry_.nameHeight() > 0) {
        QPainter painter(&base_);
        QFont font = painter.font();
        font.setPixelSize(geometry_.nameHeight() - 4);
        painter.setFont(font);
        painter.setPen(textColor_);
        for (size_t g = 0; g < layout.groups.size(); ++g) {
            const QRect r = geometry_.nameRect(int(g));
            const QString name = painter.fontMetrics().elidedText(QString::fromStdString(layout.groups[g].name),
                                                                  Qt::ElideMiddle, r.width());
            painter.drawText(r, Qt::AlignLeft | Qt::AlignVCenter, name);
        }
    }
    repaintImage();
}

void SliceItem::repaintImage()
{
    QImage& texels = image();
    if (base_.isNull()) {
        texels = QImage();
        imageChanged();
        return;
    }
    texels = base_.copy();
    const QRgb empty = qPremultiply(emptyColor().rgba());
    const int layer = layoutLayer();
    // Slots big enough show where one instance ends and the next begins (an outline) and, in
    // the top row, the span's label where it fits.
    const bool outlined = geometry_.slotSize() >= 8;
    const bool labelled = geometry_.slotSize() >= 14;
    QPainter painter(&texels);
    QFont font = painter.font();
    font.setPixelSize(std::clamp(geometry_.slotSize() / 2, 9, 13));
    painter.setFont(font);
    for (size_t g = 0; g < spans_.size() && g < geometry_.tiles().size(); ++g)
        for (const OccupancySpan& span : spans_[g]) {
            if (span.row >= model()->layout().spanRows.size() || span.toSlot <= span.fromSlot)
                continue;
            const QRect r = geometry_.spanRect(int(g), int(span.row), int(span.fromSlot), int(span.toSlot));
            if (span.flags & OccupancySpan::Stranded) {
                hatch(texels, r, strandedColor_.rgb(), empty);
                continue;
            }
            const int category = layer >= 0 ? span.category(size_t(layer)) : -1;
            const QColor color = category >= 0 ? categoryColor(category) : kUncategorised;
            if (span.flags & OccupancySpan::Draining)
                hatch(texels, r, color.rgb(), empty);
            else
                fill(texels, r, color.rgb());
            if (outlined) {
                painter.setPen(color.darker(160));
                painter.drawRect(r.adjusted(0, 0, -1, -1));
            }
            if (labelled && span.row == 0 && !(span.flags & OccupancySpan::Draining) && !span.label.empty()) {
                const QString label = QString::fromStdString(span.label);
                if (painter.fontMetrics().horizontalAdvance(label) + 4 <= r.width()) {
                    painter.setPen(color.lightnessF() > 0.6 ? QColor(0x20, 0x20, 0x20) : QColor(Qt::white));
                    painter.drawText(r, Qt::AlignCenter, label);
                }
            }
        }
    if (selectedGroup() >= 0) {
        painter.setPen(QPen(selectionColor(), 2));
        painter.drawRect(QRectF(geometry_.tiles()[size_t(selectedGroup())]).adjusted(-3, -2, 3, 3));
    }
    painter.end();
    imageChanged();
}

void SliceItem::hoverAt(QPoint point)
{
    hoverPoint_ = point;
    const Found found = find(point);
    const QString text = found.group >= 0 ? describeAt(point.x(), point.y()) : QString();
    const QRectF rect = text.isEmpty() ? QRectF() : QRectF(found.rect);
    const int group = text.isEmpty() ? -1 : found.group;
    if (group == hoveredGroup_ && rect == hoveredRect_ && text == hoverText())
        return;
    hoveredGroup_ = group;
    hoveredRect_ = rect;
    storeHoverText(text);
    emit hoverChanged();
}

}  // namespace tessera::views
