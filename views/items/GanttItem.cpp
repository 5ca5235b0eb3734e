#include "items/GanttItem.h"

#include "chart/ChartRenderer.h"
#include "chart/NiceTicks.h"
#include "chart/UnitTitle.h"
#include "items/CategoryColors.h"

#include <QFontMetrics>
#include <QMouseEvent>
#include <QPainter>
#include <QVariantMap>

#include <algorithm>
#include <cmath>
#include <vector>

namespace tessera::views {

namespace {
constexpr int kFontPixels = int(chart::ChartRenderer::kScreenFontPixels);
constexpr int kTop = 6;
constexpr int kAxisHeight = 40;  // tick labels and the axis title under the lanes
constexpr int kRight = 16;
constexpr int kBarInset = 3;     // between a bar and its lane's edges
constexpr double kFutureOpacity = 0.3;
constexpr double kTickSpacing = 70;  // pixels between x ticks, at least: room for "150.5" and a gap

QFont ganttFont()
{
    QFont font;
    font.setPixelSize(kFontPixels);
    return font;
}

QColor barColor(int category)
{
    return category >= 0 ? categoryColor(category) : QColor(0x8a, 0x8f, 0x96);
}
}  // namespace

GanttItem::GanttItem(QQuickItem* parent) : RunViewItem(Fit::ImageSize, parent)
{
    setAcceptHoverEvents(true);
    setAcceptedMouseButtons(Qt::LeftButton);
    setImplicitWidth(600);
}

GanttItem::~GanttItem() = default;

void GanttItem::runReplaced()
{
    labelWidth_ = 0;
    if (available()) {
        const QFontMetrics metrics(ganttFont());
        for (const std::string& lane : model()->intervals().lanes)
            labelWidth_ = std::max(labelWidth_, metrics.horizontalAdvance(QString::fromStdString(lane)));
        labelWidth_ = std::min(labelWidth_ + 12, 240);
    }
    const int lanes = available() ? int(model()->intervals().lanes.size()) : 0;
    setImplicitHeight(available() ? kTop + lanes * laneHeight_ + kAxisHeight : 0);
    hoveredInterval_ = -1;
    hoveredRect_ = {};
    hoverText_.clear();
    selectedSubject_ = -1;
    repaint();
    emit selectionChanged();
    emit legendChanged();
    emit visibleBottomChanged();  // the lanes' end, and so axisTop, moved
}

void GanttItem::positionMoved()
{
    repaint();
    // The spans list marks the one at the cursor; a legend of subjects lists those at the cursor.
    if (selectedSubject_ >= 0)
        emit selectionChanged();
    if (colorBySubject_)
        emit legendChanged();
}

void GanttItem::setColorBySubject(bool bySubject)
{
    if (bySubject == colorBySubject_)
        return;
    colorBySubject_ = bySubject;
    repaint();
    emit legendChanged();
}

void GanttItem::setSelectedSubject(int subject)
{
    if (!hasSubjects() || subject < 0 || size_t(subject) >= model()->intervals().subjects.size())
        subject = -1;
    if (subject == selectedSubject_)
        return;
    selectedSubject_ = subject;
    repaint();
    emit selectionChanged();
}

QString GanttItem::subjectName(int subject) const
{
    if (!hasSubjects() || subject < 0 || size_t(subject) >= model()->intervals().subjects.size())
        return {};
    return QString::fromStdString(model()->intervals().subjects[size_t(subject)].name);
}

QString GanttItem::selectedDetails() const
{
    if (selectedSubject_ < 0 || !hasSubjects())
        return {};
    return QString::fromStdString(model()->intervals().subjects[size_t(selectedSubject_)].details);
}

QVariantList GanttItem::selectedSpans() const
{
    QVariantList list;
    if (selectedSubject_ < 0 || !hasSubjects())
        return list;
    const double now = cursorX();
    for (const RunSubject::Span& span : model()->intervals().subjects[size_t(selectedSubject_)].spans)
        list.append(QVariantMap{{"text", QString::fromStdString(span.text)},
                                {"fromX", span.fromX},
                                {"toX", span.toX},
                                {"current", span.fromX <= now && now < span.toX},
                                {"past", span.toX <= now}});
    return list;
}

QVariantList GanttItem::legend() const
{
    if (!colorBySubject_ || !hasSubjects())
        return categories();
    QVariantList list;
    const RunIntervals& all = model()->intervals();
    const double now = cursorX();
    std::vector<bool> listed(all.subjects.size(), false);
    for (const RunInterval& i : all.intervals)
        if (i.subject >= 0 && size_t(i.subject) < listed.size() && !listed[size_t(i.subject)] && i.fromX <= now
            && now < i.toX)
            listed[size_t(i.subject)] = true;
    for (size_t k = 0; k < listed.size(); ++k)
        if (listed[k])
            list.append(QVariantMap{{"name", QString::fromStdString(all.subjects[k].name)}, {"color", categoryColor(int(k))}});
    return list;
}

QColor GanttItem::colorOf(const RunInterval& interval) const
{
    return colorBySubject_ && interval.subject >= 0 ? categoryColor(interval.subject) : barColor(interval.category);
}

int GanttItem::subjectAt(qreal x, qreal y) const
{
    const int index = intervalAt(x, y);
    return index < 0 ? -1 : model()->intervals().intervals[size_t(index)].subject;
}

void GanttItem::mousePressEvent(QMouseEvent* event)
{
    if (!hasSubjects()) {
        event->ignore();
        return;
    }
    // A click on a bar selects its subject; on the empty chart, clears the selection.
    setSelectedSubject(subjectAt(event->position().x(), event->position().y()));
    event->accept();
}

QVariantList GanttItem::categories() const
{
    QVariantList list;
    if (!model())
        return list;
    const auto& names = model()->intervals().categories;
    for (size_t c = 0; c < names.size(); ++c)
        list.append(QVariantMap{{"name", QString::fromStdString(names[c])}, {"color", categoryColor(int(c))}});
    return list;
}

void GanttItem::setLaneHeight(int height)
{
    height = std::clamp(height, 8, 80);
    if (height == laneHeight_)
        return;
    laneHeight_ = height;
    const int lanes = available() ? int(model()->intervals().lanes.size()) : 0;
    setImplicitHeight(available() ? kTop + lanes * laneHeight_ + kAxisHeight : 0);
    repaint();
    emit laneHeightChanged();
    emit visibleBottomChanged();  // axisTop
}

void GanttItem::setTextColor(const QColor& color)
{
    replaceColor(textColor_, color);
}

void GanttItem::setGridColor(const QColor& color)
{
    replaceColor(gridColor_, color);
}

void GanttItem::setCursorColor(const QColor& color)
{
    replaceColor(cursorColor_, color);
}

void GanttItem::setBackgroundColor(const QColor& color)
{
    replaceColor(backgroundColor_, color);
}

void GanttItem::setVisibleBottom(qreal bottom)
{
    if (bottom == visibleBottom_)
        return;
    const qreal before = axisTop();
    visibleBottom_ = bottom;
    if (axisTop() != before)
        repaint();
    emit visibleBottomChanged();
}

qreal GanttItem::axisTop() const
{
    const double lanesEnd = frame().plot.bottom();
    if (visibleBottom_ < 0)
        return lanesEnd;
    // Not std::clamp: before the item is laid out (no height, no lanes) the lanes end above
    // kTop, and the axis then sits at the lanes' end.
    return std::min(std::max(visibleBottom_ - kAxisHeight, double(kTop)), lanesEnd);
}

void GanttItem::replaceColor(QColor& field, const QColor& color)
{
    if (color == field)
        return;
    field = color;
    repaint();
    emit colorsChanged();
}

GanttItem::Frame GanttItem::frame() const
{
    Frame f;
    if (!available())
        return f;
    const RunIntervals& all = model()->intervals();
    const auto x = model()->series().column(0);
    double lo = x.empty() ? 0.0 : x.front(), hi = x.empty() ? 1.0 : x.back();
    for (const RunInterval& i : all.intervals) {
        lo = std::min(lo, i.fromX);
        hi = std::max(hi, i.toX);
    }
    f.plot = QRectF(labelWidth_, kTop, std::max(width() - labelWidth_ - kRight, 1.0),
                    double(all.lanes.size()) * laneHeight_);
    f.xMin = lo;
    f.xMax = hi > lo ? hi : lo + 1;
    return f;
}

qreal GanttItem::pixelOfX(double x) const
{
    const Frame f = frame();
    return f.plot.left() + (x - f.xMin) / (f.xMax - f.xMin) * f.plot.width();
}

double GanttItem::cursorX() const
{
    const auto x = model()->series().column(0);
    if (x.empty())
        return 0;
    return x[size_t(std::clamp(position(), 0, int(x.size()) - 1))];
}

QRectF GanttItem::intervalRect(int index) const
{
    if (!available() || index < 0 || size_t(index) >= model()->intervals().intervals.size())
        return {};
    const RunInterval& i = model()->intervals().intervals[size_t(index)];
    const Frame f = frame();
    const double left = pixelOfX(i.fromX), right = std::max(pixelOfX(i.toX), left + 1);  // never invisible
    const double top = f.plot.top() + double(i.lane) * laneHeight_ + kBarInset;
    return QRectF(left, top, right - left, laneHeight_ - 2 * kBarInset);
}

int GanttItem::intervalAt(qreal x, qreal y) const
{
    if (!available())
        return -1;
    // The last drawn bar under the point is the one on top.
    if (y >= axisTop())
        return -1;  // the axis, pinned over the lanes under it
    const auto& all = model()->intervals().intervals;
    for (size_t k = all.size(); k-- > 0;)
        if (intervalRect(int(k)).contains(QPointF(x, y)))
            return int(k);
    return -1;
}

QString GanttItem::xText(double x) const
{
    const MetricInfo& info = model()->series().info(0);
    QString text = QString::number(x, 'f', std::abs(x - std::round(x)) < 1e-9 ? 0 : 2);
    return info.unit.empty() ? text : text + " " + QString::fromStdString(info.unit);
}

QString GanttItem::describeInterval(int index) const
{
    if (!available() || index < 0 || size_t(index) >= model()->intervals().intervals.size())
        return {};
    const RunIntervals& all = model()->intervals();
    const RunInterval& i = all.intervals[size_t(index)];
    // A subject's own description says more than the bar's label (class, width, slowdown).
    QString text = i.subject >= 0 && size_t(i.subject) < all.subjects.size()
                       ? QString::fromStdString(all.subjects[size_t(i.subject)].details)
                       : QString::fromStdString(i.label);
    if (i.lane < all.lanes.size())
        text += "\n" + QString::fromStdString(all.lanes[i.lane]);
    text += "\n" + tr("%1 to %2").arg(xText(i.fromX), xText(i.toX));
    if (i.subject < 0 && i.category >= 0 && size_t(i.category) < all.categories.size())
        text += "\n" + QString::fromStdString(all.categories[size_t(i.category)]);
    return text;
}

QList<int> GanttItem::groupStarts() const
{
    QList<int> starts;
    if (!available())
        return starts;
    const RunIntervals& all = model()->intervals();
    for (size_t lane = 1; lane < all.lanes.size(); ++lane)
        if (const std::string_view group = all.laneGroup(lane); !group.empty() && group != all.laneGroup(lane - 1))
            starts.append(int(lane));
    return starts;
}

std::vector<double> GanttItem::xTicks() const
{
    if (!available())
        return {};
    const Frame f = frame();
    return chart::NiceTicks::spaced(f.xMin, f.xMax, f.plot.width(), kTickSpacing).values;
}

void GanttItem::geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry)
{
    RunViewItem::geometryChange(newGeometry, oldGeometry);
    if (newGeometry.size().toSize() != oldGeometry.size().toSize())
        repaint();
}

void GanttItem::repaint()
{
    QImage& img = image();
    const QSize size = boundingRect().size().toSize();
    if (!available() || size.isEmpty()) {
        img = QImage();
        imageChanged();
        return;
    }
    img = QImage(size, QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::transparent);
    QPainter painter(&img);
    painter.setFont(ganttFont());
    const RunIntervals& all = model()->intervals();
    const Frame f = frame();
    const QFontMetrics metrics = painter.fontMetrics();

    // Lanes: names at the left, a rule under each; a lane that starts another group (node) has
    // a separator over it, from its label to the plot's right edge, so the nodes read apart.
    const QList<int> starts = groupStarts();
    for (size_t l = 0; l < all.lanes.size(); ++l) {
        const QRectF lane(0, f.plot.top() + double(l) * laneHeight_, labelWidth_ - 6, laneHeight_);
        painter.setPen(textColor_);
        painter.drawText(lane, Qt::AlignRight | Qt::AlignVCenter,
                         metrics.elidedText(QString::fromStdString(all.lanes[l]), Qt::ElideRight, int(lane.width())));
        painter.setPen(gridColor_);
        painter.drawLine(QPointF(f.plot.left(), lane.bottom()), QPointF(f.plot.right(), lane.bottom()));
        if (starts.contains(int(l))) {
            painter.setPen(QPen(textColor_, 1.5));
            painter.drawLine(QPointF(4, lane.top()), QPointF(f.plot.right(), lane.top()));
        }
    }
    // The x axis's grid: ticks as dense as their labels allow, labelled below (after the bars:
    // the axis may be pinned over them).
    const chart::NiceTicks ticks = chart::NiceTicks::spaced(f.xMin, f.xMax, f.plot.width(), kTickSpacing);
    std::vector<double> tickPixels;
    for (double t : ticks.values)
        if (t >= f.xMin - 1e-9 && t <= f.xMax + 1e-9)
            tickPixels.push_back(pixelOfX(t));
    painter.setPen(gridColor_);
    for (double px : tickPixels)
        painter.drawLine(QPointF(px, f.plot.top()), QPointF(px, f.plot.bottom()));

    // Bars, faint where they start after the cursor: what has not happened yet.
    const double now = cursorX();
    for (size_t k = 0; k < all.intervals.size(); ++k) {
        const RunInterval& i = all.intervals[k];
        const QRectF r = intervalRect(int(k));
        QColor color = colorOf(i);
        const bool selected = selectedSubject_ >= 0 && i.subject == selectedSubject_;
        // While a subject is selected the others step back, so that its bars stand out.
        if (i.fromX > now || (selectedSubject_ >= 0 && !selected))
            color.setAlphaF(kFutureOpacity);
        painter.fillRect(r, color);
        if (selected) {
            painter.setPen(QPen(textColor_, 2));
            painter.drawRect(r.adjusted(1, 1, -1, -1));
        } else if (int(k) == hoveredInterval_) {
            painter.setPen(QPen(textColor_, 1));
            painter.drawRect(r.adjusted(0.5, 0.5, -0.5, -0.5));
        }
        const QString label = QString::fromStdString(i.label);
        if (metrics.horizontalAdvance(label) + 8 <= r.width()) {
            // Dark text on light bars, white on dark ones.
            painter.setPen(color.lightnessF() > 0.6 || color.alphaF() < 1 ? QColor(0x20, 0x20, 0x20) : Qt::white);
            painter.drawText(r.adjusted(4, 0, -4, 0), Qt::AlignLeft | Qt::AlignVCenter, label);
        }
    }
    // The timeline position.
    const double cx = pixelOfX(now);
    painter.setPen(QPen(cursorColor_, 2));
    painter.drawLine(QPointF(cx, f.plot.top() - 2), QPointF(cx, f.plot.bottom() + 2));

    // The x axis under the lanes, or pinned at the bottom of what is on screen, over the lanes
    // scrolled under it: tick labels and the title with its unit.
    const double axis = axisTop();
    if (axis < f.plot.bottom()) {
        painter.fillRect(QRectF(0, axis, width(), kAxisHeight), backgroundColor_);
        painter.setPen(gridColor_);
        painter.drawLine(QPointF(f.plot.left(), axis), QPointF(f.plot.right(), axis));
    }
    painter.setPen(gridColor_);
    for (double px : tickPixels)
        painter.drawLine(QPointF(px, axis), QPointF(px, axis + 4));
    painter.setPen(textColor_);
    for (size_t k = 0, shown = 0; k < ticks.values.size(); ++k) {
        const double t = ticks.values[k];
        if (t < f.xMin - 1e-9 || t > f.xMax + 1e-9)
            continue;
        const double px = tickPixels[shown++];
        painter.drawText(QRectF(px - 40, axis + 5, 80, kFontPixels + 4), Qt::AlignHCenter | Qt::AlignTop,
                         QString::number(t, 'f', ticks.decimals));
    }
    const MetricInfo& xInfo = model()->series().info(0);
    painter.drawText(QRectF(f.plot.left(), axis + 5 + kFontPixels + 4, f.plot.width(), kFontPixels + 6),
                     Qt::AlignHCenter | Qt::AlignTop,
                     chart::unitTitle(QString::fromStdString(xInfo.label), QString::fromStdString(xInfo.unit)));
    painter.end();
    imageChanged();
}

void GanttItem::setHovered(int index)
{
    if (index == hoveredInterval_)
        return;
    hoveredInterval_ = index;
    hoveredRect_ = intervalRect(index);
    hoverText_ = describeInterval(index);
    repaint();
    emit hoverChanged();
}

void GanttItem::hoverMoveEvent(QHoverEvent* event)
{
    setHovered(intervalAt(event->position().x(), event->position().y()));
}

void GanttItem::hoverLeaveEvent(QHoverEvent*)
{
    setHovered(-1);
}

}  // namespace tessera::views
