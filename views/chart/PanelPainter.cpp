#include "chart/PanelPainter.h"

#include "chart/ChartColors.h"
#include "chart/ChartLegend.h"
#include "chart/LabelStack.h"
#include "chart/StepCorners.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tessera::chart {

namespace {

QFont fontOfSize(double pixels, bool bold = false)
{
    QFont f;
    f.setStyleHint(QFont::SansSerif);
    f.setPixelSize(std::max(1, int(std::lround(pixels))));
    f.setBold(bold);
    return f;
}

// Nearest-neighbour for enlarging, so that cells keep hard edges (and SVG/PDF viewers do not
// blur them), smooth for shrinking, so that no row or column is silently dropped.
QImage cellImageScaled(const QImage& image, QSize target)
{
    target = target.boundedTo(QSize(8192, 8192)).expandedTo(QSize(1, 1));
    const QSize shrunk(std::min(image.width(), target.width()), std::min(image.height(), target.height()));
    QImage out = shrunk == image.size() ? image : image.scaled(shrunk, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    if (out.size() != target)
        out = out.scaled(target, Qt::IgnoreAspectRatio, Qt::FastTransformation);
    return out;
}

}  // namespace

PanelPainter::PanelPainter(QPainter& painter, const ChartSpec& spec, const ChartTheme& theme, double fontPixels)
    : painter_(painter), spec_(spec), theme_(theme), font_(fontOfSize(fontPixels)),
      titleFont_(fontOfSize(fontPixels * 1.3, true)), smallFont_(fontOfSize(fontPixels * 0.85)),
      heatmapRows_(spec.heatmap.has_value())
{
}

PanelPainter::Range PanelPainter::dataRangeX() const
{
    Range r{std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
    for (const auto& s : spec_.series)
        for (const QPointF& p : s.points) {
            if (spec_.x.logarithmic && !(p.x() > 0))
                continue;
            r.min = std::min(r.min, p.x());
            r.max = std::max(r.max, p.x());
        }
    if (spec_.heatmap) {
        r.min = std::min(r.min, spec_.heatmap->xMin);
        r.max = std::max(r.max, spec_.heatmap->xMax);
    }
    if (!std::isfinite(r.min))
        r = {0, 1};
    return r;
}

PanelPainter::Range PanelPainter::dataRangeY() const
{
    Range r{std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
    std::vector<double> stack;  // the top of the stacked areas so far, by point index
    for (const auto& s : spec_.series) {
        const bool stacked = s.style == ChartSpec::SeriesStyle::StackedArea;
        if (stacked && stack.size() < size_t(s.points.size()))
            stack.resize(size_t(s.points.size()), 0.0);
        for (const auto& [low, high] : s.band)
            for (const double y : {low, high})
                if (!spec_.y.logarithmic || y > 0) {
                    r.min = std::min(r.min, y);
                    r.max = std::max(r.max, y);
                }
        for (int i = 0; i < s.points.size(); ++i) {
            double y = s.points[i].y();
            if (stacked)
                y = stack[size_t(i)] += y;
            if (spec_.y.logarithmic && !(y > 0))
                continue;  // no place on a log scale, as on x
            r.min = std::min(r.min, y);
            r.max = std::max(r.max, y);
        }
        if (stacked && !spec_.y.logarithmic)
            r.min = std::min(r.min, 0.0);
    }
    if (!std::isfinite(r.min))
        r = {0, 1};
    if (spec_.y.includeZero && !spec_.y.logarithmic) {
        r.min = std::min(r.min, 0.0);
        r.max = std::max(r.max, 0.0);
    }
    return r;
}

NiceTicks PanelPainter::ticksFor(const ChartSpec::Axis& axis, Range data, int target) const
{
    const double lo = axis.min.value_or(data.min);
    const double hi = axis.max.value_or(data.max);
    if (axis.logarithmic)
        return NiceTicks::logarithmicTicks(lo, hi, target);
    NiceTicks t = NiceTicks::compute(lo, hi, target);
    if (axis.min || axis.max) {
        // A fixed end is kept exactly; only the ticks inside the range are drawn.
        if (axis.min)
            t.min = *axis.min;
        if (axis.max)
            t.max = *axis.max;
        const double eps = t.step * 1e-6;
        std::erase_if(t.values, [&](double v) { return v < t.min - eps || v > t.max + eps; });
    }
    return t;
}

QString PanelPainter::tickLabel(double value, const NiceTicks& ticks) const
{
    // A logarithmic axis's ticks span decades: each with the digits its own value needs.
    return ticks.logarithmic ? QString::number(value, 'g', 6) : QString::number(value, 'f', ticks.decimals);
}

double PanelPainter::axisFraction(const ChartSpec::Axis& axis, double value, double min, double max)
{
    if (axis.logarithmic && min > 0) {
        // At or below 0 (the origin of a CDF): the axis's low end.
        const double lo = std::log10(min), hi = std::log10(max);
        return hi > lo ? (std::log10(std::max(value, min)) - lo) / (hi - lo) : 0.5;
    }
    const double span = max - min;
    return span > 0 ? (value - min) / span : 0.5;
}

double PanelPainter::toX(double x) const
{
    return plot_.left() + axisFraction(spec_.x, x, x_.min, x_.max) * plot_.width();
}

double PanelPainter::toY(double y) const
{
    return plot_.bottom() - axisFraction(spec_.y, y, y_.min, y_.max) * plot_.height();
}

PanelPainter::Gutters PanelPainter::gutters(const QRectF& area)
{
    layout(area, Gutters{});
    return {plot_.left() - area.left(), area.right() - plot_.right(), plot_.top() - area.top()};
}

void PanelPainter::layout(const QRectF& area, Gutters atLeast)
{
    const QFontMetricsF fm(font_), tfm(titleFont_), sfm(smallFont_);
    const double em = fm.height();
    const double pad = em * 0.9;

    // Title, subtitle and series legend from the top down.
    double top = area.top() + pad;
    const double innerWidth = area.width() - 2 * pad;
    titleRect_ = QRectF(area.left() + pad, top, innerWidth, tfm.height());
    top += tfm.height() * 1.1;
    subtitleRect_ = QRectF();
    if (!spec_.subtitle.isEmpty()) {
        subtitleRect_ = QRectF(area.left() + pad, top, innerWidth, sfm.height());
        top += sfm.height();
    }
    top += em * 0.4;
    const ChartLegend legend(spec_, font_, theme_);
    const double legendHeight = legend.seriesHeight(innerWidth);
    legendRect_ = QRectF();
    if (legendHeight > 0) {
        legendRect_ = QRectF(area.left() + pad, top, innerWidth, legendHeight);
        top += legendHeight + em * 0.4;
    }
    top += em * 0.5;  // room for the top tick label
    top = std::max(top, area.top() + atLeast.top);

    // The plot takes what the axes, their titles and the colour bar leave, and no more than
    // `atLeast` allows: the panels of a page share their plot's left and right edges.
    const double right =
        std::min(area.right() - pad - legend.colorBarWidth() - em * 0.5, area.right() - atLeast.right);
    const double bottom = area.bottom() - pad - (spec_.x.visible ? em * 2.9 : 0);
    const Range dataY = dataRangeY();
    const int yTarget = std::clamp(int((bottom - top) / (em * 3.2)), 3, 10);
    yTicks_ = ticksFor(spec_.y, dataY, yTarget);
    double labelWidth = 0;
    if (heatmapRows_) {
        for (const auto& band : spec_.heatmap->bands)
            labelWidth = std::max(labelWidth, fm.horizontalAdvance(band.label));
        for (const QString& row : spec_.heatmap->rowLabels)
            labelWidth = std::max(labelWidth, fm.horizontalAdvance(row));
        labelWidth = std::min(labelWidth, area.width() * 0.22);
    } else {
        for (double v : yTicks_.values)
            labelWidth = std::max(labelWidth, fm.horizontalAdvance(tickLabel(v, yTicks_)));
    }
    yLabelWidth_ = labelWidth;
    const double yTitle = spec_.y.visible || heatmapRows_ ? em * 1.5 : 0;
    const double left = std::max(area.left() + pad + yTitle + labelWidth + em * 0.6, area.left() + atLeast.left);
    plot_ = QRectF(QPointF(left, top), QPointF(std::max(left + 1, right), std::max(top + 1, bottom)));
    y_ = {yTicks_.min, yTicks_.max};

    const Range dataX = dataRangeX();
    for (int target = std::clamp(int(plot_.width() / (em * 6)), 2, 12);; --target) {
        xTicks_ = ticksFor(spec_.x, dataX, target);
        double widest = 0;
        double spacing = plot_.width();  // the closest two ticks' distance
        for (size_t i = 0; i < xTicks_.values.size(); ++i) {
            widest = std::max(widest, fm.horizontalAdvance(tickLabel(xTicks_.values[i], xTicks_)));
            if (i > 0)
                spacing = std::min(spacing,
                                   plot_.width() * (axisFraction(spec_.x, xTicks_.values[i], xTicks_.min, xTicks_.max)
                                                    - axisFraction(spec_.x, xTicks_.values[i - 1], xTicks_.min, xTicks_.max)));
        }
        if (target <= 2 || widest * 1.4 < spacing)
            break;
    }
    x_ = {xTicks_.min, xTicks_.max};
    if (!spec_.x.visible && spec_.heatmap)
        x_ = {spec_.heatmap->xMin, spec_.heatmap->xMax};
}

QRectF PanelPainter::paint(const QRectF& area, Gutters atLeast)
{
    layout(area, atLeast);
    const QFontMetricsF tfm(titleFont_), sfm(smallFont_);
    painter_.save();
    painter_.setClipRect(area);
    painter_.fillRect(area, theme_.background);
    painter_.setPen(theme_.text);
    painter_.setFont(titleFont_);
    painter_.drawText(titleRect_, Qt::AlignLeft | Qt::AlignVCenter,
                      tfm.elidedText(spec_.title, Qt::ElideRight, titleRect_.width()));
    if (!subtitleRect_.isNull()) {
        painter_.setPen(theme_.mutedText);
        painter_.setFont(smallFont_);
        painter_.drawText(subtitleRect_, Qt::AlignLeft | Qt::AlignVCenter,
                          sfm.elidedText(spec_.subtitle, Qt::ElideRight, subtitleRect_.width()));
    }
    const ChartLegend legend(spec_, font_, theme_);
    if (!legendRect_.isNull())
        legend.paintSeries(painter_, legendRect_);

    paintGrid();
    paintHeatmap();
    paintSeries();
    paintAxes();
    paintMarkers();
    legend.paintColorBar(painter_, plot_);
    painter_.restore();
    return plot_;
}

void PanelPainter::paintGrid()
{
    painter_.save();
    // A hairline (width 0: one device pixel at any resolution): a PDF rasterised at a DPI that
    // is not a multiple of the page's drew 1-px lines one or two pixels wide by where they
    // fell, so some grid lines looked darker than others.
    painter_.setPen(QPen(theme_.grid, 0));
    if (!heatmapRows_)
        for (double v : yTicks_.values)
            painter_.drawLine(QPointF(plot_.left(), toY(v)), QPointF(plot_.right(), toY(v)));
    if (spec_.x.visible && !heatmapRows_)
        for (double v : xTicks_.values)
            painter_.drawLine(QPointF(toX(v), plot_.top()), QPointF(toX(v), plot_.bottom()));
    if (spec_.shadedX) {
        const double a = std::clamp(toX(spec_.shadedX->first), plot_.left(), plot_.right());
        const double b = std::clamp(toX(spec_.shadedX->second), plot_.left(), plot_.right());
        painter_.fillRect(QRectF(QPointF(std::min(a, b), plot_.top()), QPointF(std::max(a, b), plot_.bottom())),
                          theme_.shade);
    }
    painter_.restore();
}

void PanelPainter::paintHeatmap()
{
    if (!spec_.heatmap || spec_.heatmap->image.isNull())
        return;
    const auto& h = *spec_.heatmap;
    const QRectF target(QPointF(toX(h.xMin), plot_.top()), QPointF(toX(h.xMax), plot_.bottom()));
    const QRectF visible = target.intersected(plot_);
    if (visible.isEmpty())
        return;
    painter_.save();
    painter_.setClipRect(plot_);
    painter_.drawImage(target, cellImageScaled(h.image, target.size().toSize()));
    const double rowHeight = plot_.height() / std::max(1, h.image.height());
    if (!h.cellRings.empty()) {
        // Each cell's ring inside its edge, in its group's colour, over the cell's fill.
        const int columns = std::max(1, h.image.width());
        const double cellWidth = target.width() / columns;
        const double ring = std::clamp(std::min(cellWidth, rowHeight) / 8, 1.0, 5.0);
        painter_.setBrush(Qt::NoBrush);
        for (size_t i = 0; i < h.cellRings.size(); ++i) {
            const int key = h.cellRings[i];
            if (key < 0 || key >= h.ringKeys.size())
                continue;
            const int row = int(i) / columns, column = int(i) % columns;
            const QRectF cell(target.left() + column * cellWidth, plot_.top() + row * rowHeight, cellWidth, rowHeight);
            // The ring against the background on its inner side, as on the app's tab: a blue bin
            // on a blue fill could not be seen otherwise.
            const QRectF outer = cell.adjusted(ring / 2, ring / 2, -ring / 2, -ring / 2);
            painter_.setPen(QPen(h.ringKeys[key].color, ring, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
            painter_.drawRect(outer);
            if (outer.height() > 4 * ring) {
                painter_.setPen(QPen(theme_.background, ring / 2, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
                painter_.drawRect(outer.adjusted(ring * 0.75, ring * 0.75, -ring * 0.75, -ring * 0.75));
            }
        }
    }
    if (!h.labels.isEmpty()) {
        // Texts in image pixels, scaled with the image; one size for all, fitted to the
        // smallest rectangle and never above the panel's text.
        const double sx = target.width() / std::max(1, h.image.width()), sy = rowHeight;
        double pixels = font_.pixelSize() > 0 ? double(font_.pixelSize()) : QFontMetricsF(font_).height();
        for (const auto& label : h.labels)
            pixels = std::min(pixels, label.rect.height() * sy * 0.8);
        if (pixels >= 5) {
            QFont font = font_;
            font.setPixelSize(int(pixels));
            const QFontMetricsF metrics(font);
            painter_.setFont(font);
            painter_.setPen(theme_.mutedText);
            for (const auto& label : h.labels) {
                const QRectF r(target.left() + label.rect.left() * sx, target.top() + label.rect.top() * sy,
                               label.rect.width() * sx, label.rect.height() * sy);
                painter_.drawText(r, Qt::AlignRight | Qt::AlignVCenter,
                                  metrics.elidedText(label.text, Qt::ElideLeft, r.width()));
            }
            painter_.setFont(font_);
        }
    }
    painter_.setPen(QPen(theme_.axis, std::max(1.0, QFontMetricsF(font_).height() / 10)));
    for (const auto& band : h.bands)
        if (band.firstRow > 0)
            painter_.drawLine(QPointF(plot_.left(), plot_.top() + band.firstRow * rowHeight),
                              QPointF(plot_.right(), plot_.top() + band.firstRow * rowHeight));
    painter_.restore();
}

QPolygonF PanelPainter::edge(const QList<QPointF>& points, const std::vector<double>& base, Steps steps) const
{
    QList<QPointF> stacked = points;
    for (qsizetype i = 0; i < stacked.size() && size_t(i) < base.size(); ++i)
        stacked[i].ry() += base[size_t(i)];
    QPolygonF line;
    for (const QPointF& p : stepCorners(stacked, steps))
        line << QPointF(toX(p.x()), toY(p.y()));
    return line;
}

void PanelPainter::paintSeries()
{
    painter_.save();
    painter_.setClipRect(plot_);
    painter_.setRenderHint(QPainter::Antialiasing, true);
    paintBands();
    std::vector<double> stack;
    for (const auto& s : spec_.series) {
        if (s.points.isEmpty())
            continue;
        const QColor color = ChartColors::legibleOn(s.color, theme_.background);  // as its key
        QPen pen = ChartLegend::seriesPen(color, s.dashed, QFontMetricsF(font_).height(), s.lineScale);
        const double width = pen.widthF();
        if (s.style == ChartSpec::SeriesStyle::StackedArea) {
            if (stack.size() < size_t(s.points.size()))
                stack.resize(size_t(s.points.size()), 0.0);
            const QPolygonF topEdge = edge(s.points, stack, s.steps);
            QList<QPointF> zeros = s.points;
            for (QPointF& p : zeros)
                p.setY(0.0);
            const QPolygonF bottomEdge = edge(zeros, stack, s.steps);
            QPolygonF outline = topEdge;
            for (auto it = bottomEdge.rbegin(); it != bottomEdge.rend(); ++it)
                outline << *it;
            QPainterPath area;
            area.addPolygon(outline);
            area.closeSubpath();
            painter_.fillPath(area, ChartColors::areaFill(color));
            pen.setWidthF(width * 0.6);
            painter_.setPen(pen);
            QPainterPath top;
            top.addPolygon(topEdge);
            painter_.setBrush(Qt::NoBrush);
            painter_.drawPath(top);
            for (int i = 0; i < s.points.size(); ++i)
                stack[size_t(i)] += s.points[i].y();
            continue;
        }
        if (s.style != ChartSpec::SeriesStyle::Points) {
            painter_.setPen(pen);
            painter_.setBrush(Qt::NoBrush);
            QPainterPath line;  // a path, so that SVG keeps one <path> per series
            line.addPolygon(edge(s.points, {}, s.steps));
            painter_.drawPath(line);
        }
        if (s.style == ChartSpec::SeriesStyle::Points || s.dots) {
            // Marks: a run filled in its colour, in its shape, and ringed in the axis colour
            // (a dashed halo for a fork), so it reads on the line of its own colour; a sweep's dots
            // small and plain.
            const bool mark = s.style == ChartSpec::SeriesStyle::Points;
            const double radius = (mark ? markRadius() * s.markScale : width * 1.4);
            const QPen ring = mark ? QPen(theme_.axis, std::max(1.0, width * 0.6)) : QPen(Qt::NoPen);
            for (const QPointF& p : s.points)
                ChartLegend::paintMark(painter_, mark ? s.shape : ChartSpec::MarkShape::Circle,
                                       QPointF(toX(p.x()), toY(p.y())), radius, color, ring, mark && s.dashed);
        }
    }
    painter_.restore();
}

void PanelPainter::paintBands()
{
    // Every band under every line: a later curve's band must not cover an earlier curve's line.
    for (const auto& s : spec_.series) {
        if (s.style != ChartSpec::SeriesStyle::Line || s.points.isEmpty() || s.band.size() != size_t(s.points.size()))
            continue;
        // One closed path per band, filled without an outline: no stroke along its edges, no
        // pieces meeting inside it.
        QPolygonF outline;
        for (qsizetype i = 0; i < s.points.size(); ++i)
            outline << QPointF(toX(s.points[i].x()), toY(s.band[size_t(i)].second));
        for (qsizetype i = s.points.size() - 1; i >= 0; --i)
            outline << QPointF(toX(s.points[i].x()), toY(s.band[size_t(i)].first));
        QPainterPath area;
        area.addPolygon(outline);
        area.closeSubpath();
        painter_.fillPath(area, ChartLegend::bandFill(ChartColors::legibleOn(s.color, theme_.background)));
    }
}

double PanelPainter::markRadius() const { return std::max(4.0, QFontMetricsF(font_).height() * 0.35); }

void PanelPainter::paintAxes()
{
    const QFontMetricsF fm(font_);
    const double em = fm.height();
    const double tick = em * 0.3;
    painter_.save();
    painter_.setFont(font_);
    painter_.setPen(QPen(theme_.axis, 1));
    painter_.drawLine(plot_.bottomLeft(), plot_.topLeft());
    if (spec_.x.visible)
        painter_.drawLine(plot_.bottomLeft(), plot_.bottomRight());

    if (heatmapRows_) {
        const auto& h = *spec_.heatmap;
        const double rowHeight = plot_.height() / std::max(1, h.image.height());
        const double labelWidth = yLabelWidth_;
        // Every group is named, as on screen: a thin group's label (one A10 node among many)
        // moves off its band as far as its neighbours need, with a leader to the band's middle,
        // and when there are more groups than lines of text the labels get smaller.
        // Every row named (a node each) when each has a line of text's room; else the bands.
        QList<ChartSpec::RowBand> bands = h.bands;
        if (!h.rowLabels.isEmpty() && h.rowLabels.size() == h.image.height()
            && LabelStack::fits(size_t(h.rowLabels.size()), em, plot_.top(), plot_.bottom())) {
            bands.clear();
            for (qsizetype r = 0; r < h.rowLabels.size(); ++r)
                bands.append({h.rowLabels[r], int(r), 1});
        }
        QFont bandFont = font_;
        const auto count = size_t(bands.size());
        if (!LabelStack::fits(count, em, plot_.top(), plot_.bottom()))
            bandFont.setPixelSize(std::max(4, int(font_.pixelSize() * plot_.height() / (double(count) * em))));
        const QFontMetricsF bandMetrics(bandFont);
        const double lineHeight = std::min(em, plot_.height() / std::max<double>(1, double(count)));
        std::vector<double> anchors;
        for (const auto& band : bands)
            anchors.push_back(plot_.top() + (band.firstRow + band.rowCount / 2.0) * rowHeight);
        const std::vector<double> placed = LabelStack::place(anchors, lineHeight, plot_.top(), plot_.bottom());
        painter_.setFont(bandFont);
        for (size_t b = 0; b < count; ++b) {
            const QRectF r(plot_.left() - tick - labelWidth, placed[b] - lineHeight / 2, labelWidth, lineHeight);
            painter_.setPen(theme_.mutedText);
            painter_.drawText(r, Qt::AlignRight | Qt::AlignVCenter,
                              bandMetrics.elidedText(bands[qsizetype(b)].label, Qt::ElideRight, labelWidth));
            if (std::abs(placed[b] - anchors[b]) > 0.5) {
                painter_.setPen(QPen(theme_.axis, 1));
                painter_.drawLine(QPointF(plot_.left() - tick, placed[b]), QPointF(plot_.left(), anchors[b]));
            }
        }
        painter_.setFont(font_);
    } else {
        for (double v : yTicks_.values) {
            const double y = toY(v);
            painter_.setPen(QPen(theme_.axis, 1));
            painter_.drawLine(QPointF(plot_.left() - tick, y), QPointF(plot_.left(), y));
            painter_.setPen(theme_.mutedText);
            painter_.drawText(QRectF(plot_.left() - tick - em * 0.2 - plot_.width(), y - em / 2, plot_.width(), em),
                              Qt::AlignRight | Qt::AlignVCenter, tickLabel(v, yTicks_));
        }
    }
    if (spec_.x.visible) {
        for (double v : xTicks_.values) {
            const double x = toX(v);
            painter_.setPen(QPen(theme_.axis, 1));
            painter_.drawLine(QPointF(x, plot_.bottom()), QPointF(x, plot_.bottom() + tick));
            painter_.setPen(theme_.mutedText);
            const QString label = tickLabel(v, xTicks_);
            const double w = fm.horizontalAdvance(label) + 2;
            painter_.drawText(QRectF(x - w / 2, plot_.bottom() + tick + em * 0.1, w, em), Qt::AlignCenter, label);
        }
        painter_.setPen(theme_.text);
        painter_.drawText(QRectF(plot_.left(), plot_.bottom() + tick + em * 1.3, plot_.width(), em * 1.2),
                          Qt::AlignCenter, fm.elidedText(spec_.x.title(), Qt::ElideRight, plot_.width()));
    }
    const QString yTitle = heatmapRows_ ? spec_.heatmap->rowAxisLabel : spec_.y.visible ? spec_.y.title() : QString();
    if (!yTitle.isEmpty()) {
        // Rotated to read bottom to top, centred on the plot, at the panel's left edge.
        const double labelsLeft = plot_.left() - tick - em * 0.2 - yLabelWidth_;
        painter_.setPen(theme_.text);
        painter_.translate(labelsLeft - em * 0.9, plot_.center().y());
        painter_.rotate(-90);
        // Too long for the plot's height, the label is cut and the unit kept: "Power saved at
        // 1… (kW)", never an axis without its unit.
        const QString unit = QStringLiteral(" (%1)").arg(spec_.y.unit);
        const bool keepUnit = !heatmapRows_ && !spec_.y.unit.isEmpty() && yTitle.endsWith(unit)
            && fm.horizontalAdvance(yTitle) > plot_.height();
        const QString shown = keepUnit
            ? fm.elidedText(yTitle.chopped(unit.size()), Qt::ElideRight, plot_.height() - fm.horizontalAdvance(unit)) + unit
            : fm.elidedText(yTitle, Qt::ElideRight, plot_.height());
        painter_.drawText(QRectF(-plot_.height() / 2, -em * 0.6, plot_.height(), em * 1.2), Qt::AlignCenter, shown);
    }
    painter_.restore();
}

QList<QRectF> PanelPainter::markerLabelBoxes(const QList<double>& xs, const QList<QSizeF>& sizes, const QRectF& plot)
{
    // Labels sit at the top, right of their line or else left of it; a label that would
    // overlap an earlier one or cross another marker's line (the cursor's box across
    // "diverges") moves a line down, so labels and lines never hide each other.
    const auto shown = [&](double x) { return x >= plot.left() - 0.5 && x <= plot.right() + 0.5; };
    QList<QRectF> placed;
    // Lines too close for a label between them: a label may cross lines, never labels.
    constexpr int kRowsClearOfLines = 3;
    const auto clear = [&](const QRectF& box, bool ofLines) {
        if (box.left() < plot.left() - 0.5 || box.right() > plot.right() + 0.5)
            return false;
        if (std::any_of(placed.begin(), placed.end(), [&](const QRectF& r) { return r.intersects(box); }))
            return false;
        return !ofLines || std::none_of(xs.begin(), xs.end(), [&](double other) {
            return shown(other) && other > box.left() - 1 && other < box.right() + 1;
        });
    };
    QList<QRectF> boxes;
    for (qsizetype i = 0; i < xs.size(); ++i) {
        QRectF box;
        if (sizes[i].isEmpty() || !shown(xs[i])) {
            boxes << box;
            continue;
        }
        const double w = sizes[i].width(), h = sizes[i].height();
        for (int pass = 0; pass < 2 && box.isNull(); ++pass)
            for (int row = 0; box.isNull(); ++row) {
                const double top = plot.top() + 2 + row * (h + 2);
                const bool last = top + 2 * h + 2 > plot.bottom();  // no room further down
                if (pass == 0 && (row >= kRowsClearOfLines || last))
                    break;
                for (const double left : {xs[i] + 4, xs[i] - 4 - w})
                    if (box.isNull() && (clear(QRectF(left, top, w, h), pass == 0) || last))
                        box = QRectF(left, top, w, h);
            }
        placed << box;
        boxes << box;
    }
    return boxes;
}

void PanelPainter::paintMarkers()
{
    if (spec_.markers.isEmpty())
        return;
    const QFontMetricsF fm(smallFont_);
    QList<ChartSpec::Marker> markers = spec_.markers;
    std::stable_sort(markers.begin(), markers.end(), [](const auto& a, const auto& b) { return a.x < b.x; });
    // Markers closer than a few pixels (a fork and where it diverges, often one step apart)
    // share one line and one label, as on the app's charts.
    QList<std::pair<double, QStringList>> lines;
    for (const auto& m : markers) {
        const double x = toX(m.x);
        if (!lines.isEmpty() && std::abs(x - lines.last().first) < kMarkerMergePixels) {
            if (!m.label.isEmpty())
                lines.last().second << m.label;
            continue;
        }
        lines.append({x, m.label.isEmpty() ? QStringList{} : QStringList{m.label}});
    }
    QList<double> xs;
    QList<QSizeF> sizes;
    for (const auto& [x, labels] : lines) {
        xs << x;
        sizes << (labels.isEmpty() ? QSizeF() : QSizeF(fm.horizontalAdvance(labels.join(QStringLiteral(" · "))) + fm.height() * 0.6, fm.height() * 1.2));
    }
    const QList<QRectF> boxes = markerLabelBoxes(xs, sizes, plot_);
    painter_.save();
    painter_.setFont(smallFont_);
    painter_.setRenderHint(QPainter::Antialiasing, true);
    // Every line first, then the labels on their backdrop: where lines are too close for a
    // label between them, the label covers a line rather than a line crossing the label.
    for (const auto& [x, labels] : lines) {
        if (x < plot_.left() - 0.5 || x > plot_.right() + 0.5)
            continue;
        painter_.setPen(QPen(theme_.markerLine, std::max(1.5, fm.height() / 9), Qt::DashLine));
        painter_.drawLine(QPointF(x, plot_.top()), QPointF(x, plot_.bottom()));
    }
    for (qsizetype index = 0; index < lines.size(); ++index) {
        const auto& [x, labels] = lines[index];
        if (labels.isEmpty() || boxes[index].isNull())
            continue;
        const QString label = labels.join(QStringLiteral(" · "));
        const QRectF box = boxes[index];
        QColor fill = theme_.background;
        fill.setAlphaF(0.85f);
        painter_.setPen(QPen(theme_.markerLine, 1));
        painter_.setBrush(fill);
        painter_.drawRoundedRect(box, 3, 3);
        painter_.setPen(theme_.text);
        painter_.drawText(box, Qt::AlignCenter, label);
    }
    painter_.restore();
}

}  // namespace tessera::chart
