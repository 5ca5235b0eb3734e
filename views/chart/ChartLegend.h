#pragma once

#include "chart/ChartSpec.h"
#include "chart/ChartTheme.h"

#include <QFont>
#include <QPainterPath>
#include <QPen>
#include <QRectF>

class QPainter;

namespace tessera::chart {

// The two keys of a chart: the series legend (swatches and names flowing in rows under the
// title, with a heatmap's category keys) and the colour bar of a heatmap (a vertical gradient with its value ticks and unit).
class ChartLegend {
public:
    ChartLegend(const ChartSpec& spec, const QFont& font, const ChartTheme& theme);

    // The pen of a line series at this font's height (PanelPainter draws the series with it, the
    // legend its swatch): one width, cap and dash pattern, so that a dashed series (a budget, a
    // later run) shows as dashed in its key. A square cap would close the dashes' gaps.
    static QPen seriesPen(const QColor& color, bool dashed, double fontHeight, double lineScale = 1);
    // The fill of a line's spread (a sweep's min–max band), in the plot and its key: lighter
    // than a stacked area, since the bands of several curves overlap and four at this opacity
    // still show the first under the last. Unoutlined.
    static constexpr double kBandOpacity = 0.16;
    static QColor bandFill(const QColor& color);
    // A Points mark of `shape` centred at `centre`, `radius` from centre to its corners: the
    // plot's marks and their legend keys are this one path.
    static QPainterPath markPath(ChartSpec::MarkShape shape, const QPointF& centre, double radius);
    // A Points mark as the plot and its legend key draw it: markPath filled in `fill`, outlined
    // in `ring`; `dashed` (a fork) adds a dashed circle around it, wide enough to see at any size.
    static void paintMark(QPainter& painter, ChartSpec::MarkShape shape, const QPointF& centre, double radius,
                          const QColor& fill, const QPen& ring, bool dashed);

    // Height of the series legend laid out in `width`; 0 without series.
    double seriesHeight(double width) const;
    void paintSeries(QPainter& painter, const QRectF& area) const;

    // Width the colour bar needs at the right of the plot; 0 without a heatmap.
    double colorBarWidth() const;
    void paintColorBar(QPainter& painter, const QRectF& plotArea) const;

private:
    struct Entry {
        QString name;
        QColor color;
        ChartSpec::SeriesStyle style;
        bool dashed;
        double width;
        bool block = false;  // a heatmap key: a filled swatch
        bool ring = false;   // a heatmap's ring key: an outlined swatch
        bool dots = false;   // a line with marks at its points
        ChartSpec::MarkShape shape = ChartSpec::MarkShape::Circle;  // a Points key's outline
        double lineScale = 1;  // a Line key's weight, as its series (ChartSpec::Series::lineScale)
        bool band = false;     // a Line with a band: its key shows the band's fill behind the line
    };
    // Entries placed in rows: the top-left of each entry relative to the legend's origin.
    QList<QPointF> flow(double width) const;

    const ChartSpec& spec_;
    QFont font_;
    ChartTheme theme_;
    QList<Entry> entries_;
    double lineHeight_ = 0;
    double swatch_ = 0;
};

}  // namespace tessera::chart
