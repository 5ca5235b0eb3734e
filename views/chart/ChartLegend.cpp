#include "chart/ChartLegend.h"

#include "chart/ChartColors.h"
#include "chart/NiceTicks.h"
#include "chart/UnitTitle.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPainter>

#include <algorithm>

namespace tessera::chart {

ChartLegend::ChartLegend(const ChartSpec& spec, const QFont& font, const ChartTheme& theme)
    : spec_(spec), font_(font), theme_(theme)
{
    const QFontMetricsF fm(font_);
    lineHeight_ = fm.height() * 1.35;
    swatch_ = fm.height() * 1.6;
    for (const auto& s : spec_.series) {
        if (s.name.isEmpty())
            continue;
        entries_.append({s.name, ChartColors::legibleOn(s.color, theme_.background), s.style, s.dashed, swatch_ + fm.height() * 0.4 + fm.horizontalAdvance(s.name),
                         false, false, s.dots, s.shape, s.lineScale, !s.band.empty()});
    }
    if (spec_.heatmap)
        for (const auto& k : spec_.heatmap->keys)
            entries_.append({k.name, k.color, ChartSpec::SeriesStyle::Line, false,
                             swatch_ + fm.height() * 0.4 + fm.horizontalAdvance(k.name), true});
    if (spec_.heatmap)
        for (const auto& k : spec_.heatmap->ringKeys)
            entries_.append({k.name, k.color, ChartSpec::SeriesStyle::Line, false,
                             swatch_ + fm.height() * 0.4 + fm.horizontalAdvance(k.name), false, true});
}

QPen ChartLegend::seriesPen(const QColor& color, bool dashed, double fontHeight, double lineScale)
{
    return QPen(color, std::max(1.5, fontHeight / 7) * (lineScale > 0 ? lineScale : 1),
                dashed ? Qt::DashLine : Qt::SolidLine, Qt::FlatCap, Qt::RoundJoin);
}

QColor ChartLegend::bandFill(const QColor& color)
{
    QColor fill = color;
    fill.setAlphaF(float(kBandOpacity));
    return fill;
}

QPainterPath ChartLegend::markPath(ChartSpec::MarkShape shape, const QPointF& centre, double radius)
{
    QPainterPath path;
    const double r = radius;
    const double x = centre.x(), y = centre.y();
    switch (shape) {
    case ChartSpec::MarkShape::Circle:
        path.addEllipse(centre, r, r);
        break;
    case ChartSpec::MarkShape::Square: {
        const double h = r * 0.85;  // as much ink as the circle
        path.addRect(QRectF(x - h, y - h, 2 * h, 2 * h));
        break;
    }
    case ChartSpec::MarkShape::Diamond:
        path.addPolygon(QPolygonF({QPointF(x, y - r * 1.2), QPointF(x + r * 1.2, y), QPointF(x, y + r * 1.2),
                                   QPointF(x - r * 1.2, y)}));
        path.closeSubpath();
        break;
    case ChartSpec::MarkShape::TriangleUp:
    case ChartSpec::MarkShape::TriangleDown: {
        const double s = shape == ChartSpec::MarkShape::TriangleUp ? 1 : -1;
        const double t = r * 1.3;
        path.addPolygon(QPolygonF({QPointF(x, y - s * t), QPointF(x + t * 0.866, y + s * t * 0.5),
                                   QPointF(x - t * 0.866, y + s * t * 0.5)}));
        path.closeSubpath();
        break;
    }
    }
    return path;
}

void ChartLegend::paintMark(QPainter& painter, ChartSpec::MarkShape shape, const QPointF& centre, double radius,
                            const QColor& fill, const QPen& ring, bool dashed)
{
    painter.setPen(ring);
    painter.setBrush(fill);
    painter.drawPath(markPath(shape, centre, radius));
    if (dashed) {
        QPen halo = ring;
        halo.setStyle(Qt::DashLine);
        painter.setPen(halo);
        painter.setBrush(Qt::NoBrush);
        painter.drawEllipse(centre, radius * 1.8, radius * 1.8);
    }
}

QList<QPointF> ChartLegend::flow(double width) const
{
    const double gap = QFontMetricsF(font_).height() * 1.2;
    QList<QPointF> at;
    double x = 0, y = 0;
    for (const auto& e : entries_) {
        if (x > 0 && x + e.width > width) {
            x = 0;
            y += lineHeight_;
        }
        at.append(QPointF(x, y));
        x += e.width + gap;
    }
    return at;
}

double ChartLegend::seriesHeight(double width) const
{
    if (entries_.isEmpty())
        return 0;
    return flow(width).last().y() + lineHeight_;
}

void ChartLegend::paintSeries(QPainter& painter, const QRectF& area) const
{
    const QList<QPointF> at = flow(area.width());
    const QFontMetricsF fm(font_);
    painter.save();
    painter.setFont(font_);
    for (int i = 0; i < entries_.size(); ++i) {
        const Entry& e = entries_[i];
        const QPointF origin = area.topLeft() + at[i];
        const double midY = origin.y() + lineHeight_ / 2;
        if (e.ring) {
            // As the cells are ringed: the group's colour around the background.
            const double h = fm.height() * 0.8;
            const double w = std::max(2.0, h / 5);
            painter.setPen(QPen(e.color, w, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(QRectF(origin.x() + w / 2, midY - h / 2 + w / 2, swatch_ - w, h - w));
        } else if (e.block) {
            const double h = fm.height() * 0.8;
            painter.fillRect(QRectF(origin.x(), midY - h / 2, swatch_, h), e.color);
            painter.setPen(QPen(theme_.axis, 1));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(QRectF(origin.x(), midY - h / 2, swatch_, h));
        } else if (e.style == ChartSpec::SeriesStyle::StackedArea) {
            const double h = fm.height() * 0.7;
            painter.fillRect(QRectF(origin.x(), midY - h / 2, swatch_, h), ChartColors::areaFill(e.color));
            painter.setPen(QPen(e.color, 1));
            painter.drawLine(QPointF(origin.x(), midY - h / 2), QPointF(origin.x() + swatch_, midY - h / 2));
        } else if (e.style == ChartSpec::SeriesStyle::Points) {
            // As the plot marks a run: its shape, filled, ringed in the axis colour (dashed: a fork).
            const double r = std::max(4.0, fm.height() * 0.3) * (e.dashed ? 0.75 : 1);  // a fork's halo inside the swatch
            paintMark(painter, e.shape, QPointF(origin.x() + swatch_ / 2, midY), r, e.color, QPen(theme_.axis, 1), e.dashed);
        } else {
            if (e.band) {
                // As the plot draws it: the band's fill, the line through it.
                const double h = fm.height() * 0.8;
                painter.fillRect(QRectF(origin.x(), midY - h / 2, swatch_, h), bandFill(e.color));
            }
            painter.setPen(seriesPen(e.color, e.dashed, fm.height(), e.lineScale));
            painter.drawLine(QPointF(origin.x(), midY), QPointF(origin.x() + swatch_, midY));
            if (e.dots) {
                const double r = std::max(2.0, fm.height() / 6) * 1.4;
                painter.setPen(Qt::NoPen);
                painter.setBrush(e.color);
                painter.drawEllipse(QPointF(origin.x() + swatch_ / 2, midY), r, r);
            }
        }
        painter.setPen(theme_.text);
        painter.drawText(QRectF(origin.x() + swatch_ + fm.height() * 0.4, origin.y(), e.width, lineHeight_),
                         Qt::AlignLeft | Qt::AlignVCenter, e.name);
    }
    painter.restore();
}

double ChartLegend::colorBarWidth() const
{
    if (!spec_.heatmap || !spec_.heatmap->keys.isEmpty())
        return 0;
    const QFontMetricsF fm(font_);
    const NiceTicks ticks = NiceTicks::compute(spec_.heatmap->legendMin, spec_.heatmap->legendMax, 5);
    double labels = 0;
    for (double v : ticks.values)
        labels = std::max(labels, fm.horizontalAdvance(QString::number(v, 'f', ticks.decimals)));
    // gap, bar, tick, labels, gap, rotated title
    return fm.height() * 0.8 + fm.height() + fm.height() * 0.3 + labels + fm.height() * 0.5 + fm.height() * 1.2;
}

void ChartLegend::paintColorBar(QPainter& painter, const QRectF& plotArea) const
{
    if (!spec_.heatmap || !spec_.heatmap->keys.isEmpty())
        return;
    const auto& h = *spec_.heatmap;
    const QFontMetricsF fm(font_);
    const double barWidth = fm.height();
    const QRectF bar(plotArea.right() + fm.height() * 0.8, plotArea.top(), barWidth, plotArea.height());
    QLinearGradient gradient(bar.bottomLeft(), bar.topLeft());
    const int n = int(h.scale.size());
    for (int i = 0; i < n; ++i)
        gradient.setColorAt(n == 1 ? 0.0 : double(i) / double(n - 1), h.scale[i]);
    painter.save();
    painter.setFont(font_);
    painter.fillRect(bar, gradient);
    painter.setPen(QPen(theme_.axis, 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(bar);

    const NiceTicks ticks = NiceTicks::compute(h.legendMin, h.legendMax, 5);
    const double span = h.legendMax - h.legendMin;
    double labelsRight = bar.right();
    for (double v : ticks.values) {
        if (v < h.legendMin - 1e-9 || v > h.legendMax + 1e-9 || span <= 0)
            continue;
        const double y = bar.bottom() - (v - h.legendMin) / span * bar.height();
        painter.setPen(QPen(theme_.axis, 1));
        painter.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + fm.height() * 0.3, y));
        painter.setPen(theme_.mutedText);
        const QString label = QString::number(v, 'f', ticks.decimals);
        const QRectF r(bar.right() + fm.height() * 0.45, y - fm.height() / 2, fm.horizontalAdvance(label) + 2, fm.height());
        painter.drawText(r, Qt::AlignLeft | Qt::AlignVCenter, label);
        labelsRight = std::max(labelsRight, r.right());
    }
    // The title reads bottom to top beside the labels, like the y axis title.
    const QString title = unitTitle(h.legendLabel, h.legendUnit);
    painter.setPen(theme_.text);
    painter.translate(labelsRight + fm.height() * 0.4 + fm.height() / 2, bar.center().y());
    painter.rotate(-90);
    painter.drawText(QRectF(-bar.height() / 2, -fm.height() / 2, bar.height(), fm.height()), Qt::AlignCenter,
                     fm.elidedText(title, Qt::ElideRight, bar.height()));
    painter.restore();
}

}  // namespace tessera::chart
