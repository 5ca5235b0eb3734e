#pragma once

#include "chart/ChartSpec.h"
#include "chart/ChartTheme.h"
#include "chart/NiceTicks.h"

#include <QFont>
#include <QPolygonF>
#include <QList>
#include <QRectF>
#include <QSizeF>

#include <vector>

class QPainter;

namespace tessera::chart {

// Lays out and paints one ChartSpec in a rectangle: title, legend, axes with nice ticks and
// unit titles, grid, heatmap image, series, markers and colour bar. ChartRenderer's helper;
// one instance per paint.
class PanelPainter {
public:
    // Markers closer than this share one line and one label ("fork · diverges"); the app's
    // ChartPanel uses the same distance (ChartPlans.markerMergePixels).
    static constexpr double kMarkerMergePixels = 6;
    // Where the labels of marker lines at pixel x `xs` (sizes: their label boxes, empty for no
    // label) go in `plot`: at the top beside their line, never over another label or another
    // marker's line, a row lower where they would be. A null rect for a line without a label.
    static QList<QRectF> markerLabelBoxes(const QList<double>& xs, const QList<QSizeF>& sizes, const QRectF& plot);

    // How far the plot lies from the left, right and top edges of its area (axis labels and
    // titles, a colour bar; the title, subtitle and legend above).
    struct Gutters {
        double left = 0;
        double right = 0;
        double top = 0;
    };

    PanelPainter(QPainter& painter, const ChartSpec& spec, const ChartTheme& theme, double fontPixels);
    // The gutters this panel needs in `area`, painting nothing.
    Gutters gutters(const QRectF& area);
    // Paints the panel with gutters at least `atLeast` (a page of panels gives each the widest,
    // so that their plots, and their x axes, line up; panels side by side, the tallest top, so
    // their plots' tops do); returns the plot's rectangle.
    QRectF paint(const QRectF& area, Gutters atLeast);
    QRectF paint(const QRectF& area) { return paint(area, Gutters{}); }

    // Where `value` lies across [min, max] of `axis`, 0 to 1, on a log scale for a logarithmic
    // axis (at or below 0: its low end); for x and y alike, and for views that place what a
    // panel painted (RentalFrontierItem).
    static double axisFraction(const ChartSpec::Axis& axis, double value, double min, double max);

private:
    struct Range {
        double min = 0;
        double max = 1;
    };
    // Places the title, subtitle, legend, plot and ticks in `area`.
    void layout(const QRectF& area, Gutters atLeast);
    Range dataRangeX() const;
    Range dataRangeY() const;
    // Ticks over the data range, or inside the axis's fixed range when it has one.
    NiceTicks ticksFor(const ChartSpec::Axis& axis, Range data, int target) const;
    QString tickLabel(double value, const NiceTicks& ticks) const;

    double toX(double x) const;
    double toY(double y) const;

    void paintGrid();
    void paintHeatmap();
    // A series' line in plot coordinates, raised by `base` (the stack below it, by point);
    // steps have their corners where `steps` puts them (StepCorners).
    QPolygonF edge(const QList<QPointF>& points, const std::vector<double>& base, Steps steps) const;
    void paintSeries();
    // The series' bands (ChartSpec::Series::band), under all their lines.
    void paintBands();
    // The radius of a Points series' mark at markScale 1.
    double markRadius() const;
    void paintAxes();
    void paintMarkers();

    QPainter& painter_;
    const ChartSpec& spec_;
    ChartTheme theme_;
    QFont font_;
    QFont titleFont_;
    QFont smallFont_;
    QRectF titleRect_;
    QRectF subtitleRect_;  // null: no subtitle
    QRectF legendRect_;    // null: no series legend
    QRectF plot_;
    NiceTicks xTicks_;
    NiceTicks yTicks_;
    Range x_;
    Range y_;
    double yLabelWidth_ = 0;     // the widest y tick or band label
    bool heatmapRows_ = false;  // the y axis shows heatmap rows instead of numbers
};

}  // namespace tessera::chart
