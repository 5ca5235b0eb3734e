#include "items/GroupGridItem.h"

#include <algorithm>

namespace tessera::views {

GroupGridItem::GroupGridItem(const CellSizes& sizes, const QColor& empty, const QColor& selection, QQuickItem* parent)
    : RunViewItem(Fit::ImageSize, parent),
      smallest_(sizes.smallest),
      size_(sizes.fixed),
      fixedSize_(sizes.fixed),
      minSize_(sizes.min),
      maxSize_(sizes.max),
      labelHeight_(sizes.labelHeight),
      emptyColor_(empty),
      selectionColor_(selection)
{
    setAcceptHoverEvents(true);
    setAcceptedMouseButtons(Qt::LeftButton);
    // No setImplicitWidth here: a width change lays out, which needs the subclass built.
}

GroupGridItem::~GroupGridItem() = default;

int GroupGridItem::clampSize(int size) const
{
    return std::clamp(size, smallest_, kLargestCell);
}

void GroupGridItem::setFixedSize(int size)
{
    size = clampSize(size);
    if (size == fixedSize_)
        return;
    fixedSize_ = size;
    relayout();
}

void GroupGridItem::setFitHeight(int height)
{
    replaceFitValue(fitHeight_, std::max(height, 0));
}

void GroupGridItem::setMinSize(int size)
{
    replaceFitValue(minSize_, clampSize(size));
}

void GroupGridItem::setMaxSize(int size)
{
    replaceFitValue(maxSize_, clampSize(size));
}

void GroupGridItem::replaceFitValue(int& field, int value)
{
    if (value == field)
        return;
    field = value;
    relayout();
    emit fitChanged();
}

bool GroupGridItem::replaceLabelHeight(int height)
{
    height = std::max(height, 0);
    if (height == labelHeight_)
        return false;
    labelHeight_ = height;
    relayout();
    return true;
}

bool GroupGridItem::replaceEmptyColor(const QColor& color)
{
    if (color == emptyColor_)
        return false;
    emptyColor_ = color;
    paintLayout();
    return true;
}

bool GroupGridItem::replaceSelectionColor(const QColor& color)
{
    if (color == selectionColor_)
        return false;
    selectionColor_ = color;
    repaintImage();
    return true;
}

void GroupGridItem::setSelectedGroup(int group)
{
    const int groups = model() ? int(model()->layout().groups.size()) : 0;
    if (group < 0 || group >= groups)
        group = -1;
    if (group == selectedGroup_)
        return;
    selectedGroup_ = group;
    repaintImage();
    emit selectedGroupChanged();
    updateSelectedGroupText();
}

void GroupGridItem::relayout()
{
    const bool drawable = hasGrid() && width() >= 1;
    int size = fixedSize_;
    if (drawable && fitHeight_ > 0)
        size = fittingSize(int(width()), std::min(minSize_, maxSize_), maxSize_);
    int height = 0;
    if (drawable)
        height = layOut(size);
    else
        clearLayout();
    if (size != size_) {
        size_ = size;
        fittedSizeChanged();
    }
    setImplicitHeight(height);
    paintLayout();
    emit bandsChanged();
}

void GroupGridItem::runReplaced()
{
    cursor_ = hasGrid() ? model()->cursor() : nullptr;
    hoverText_.clear();
    selectedGroup_ = -1;
    forgetRun();
    relayout();
    readAtPosition();
}

void GroupGridItem::runAnnounced()
{
    announceRun();
    emit selectedGroupChanged();
    updateSelectedGroupText();
}

void GroupGridItem::positionMoved()
{
    readAtPosition();
}

void GroupGridItem::readAtPosition()
{
    if (!cursor_)
        return;
    cursor_->seek(size_t(std::max(position(), 0)));
    readCursor();
    updateSelectedGroupText();
}

void GroupGridItem::updateSelectedGroupText()
{
    QString text;
    if (cursor_ && selectedGroup_ >= 0)
        text = QString::fromStdString(cursor_->describeGroup(uint32_t(selectedGroup_)));
    if (text != selectedGroupText_) {
        selectedGroupText_ = text;
        emit selectedGroupTextChanged();
    }
}

void GroupGridItem::geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry)
{
    RunViewItem::geometryChange(newGeometry, oldGeometry);
    if (int(newGeometry.width()) != int(oldGeometry.width()))
        relayout();
}

void GroupGridItem::hoverMoveEvent(QHoverEvent* event)
{
    hoverAt(event->position().toPoint());
}

void GroupGridItem::hoverLeaveEvent(QHoverEvent*)
{
    hoverAt(QPoint(-1, -1));
}

void GroupGridItem::mousePressEvent(QMouseEvent* event)
{
    setSelectedGroup(groupAt(event->position().toPoint()));
    event->accept();
}

}  // namespace tessera::views
