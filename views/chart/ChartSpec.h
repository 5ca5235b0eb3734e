#pragma once

#include "chart/StepCorners.h"
#include "chart/UnitTitle.h"

#include <QColor>
#include <QImage>
#include <QList>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>
#include <vector>

namespace tessera::chart {

// What one chart shows, independent of how and where it is painted: ChartRenderer paints it,
// ChartCsv writes the numbers behind it, RunCharts builds it from runs. A value type, so the
// GUI can keep one per view and export it later.
struct ChartSpec {
    struct Axis {
        QString label;  // e.g. "Arrived workload"
        QString unit;   // e.g. "%"; the axis title shows it unless the label names it (unitTitle)
        std::optional<double> min;  // unset: from the data, widened to a nice tick
        std::optional<double> max;
        bool visible = true;
        bool includeZero = false;  // widen the data range to 0 (differences, counts)
        // Logarithmic (values spanning decades, e.g. job completion times): ticks at 1, 2, 5
        // times powers of ten; values at or below 0 are left out of the range.
        bool logarithmic = false;

        QString title() const { return unitTitle(label, unit); }
    };

    // Points: a mark at each point and no line between them (runs placed on a frontier).
    enum class SeriesStyle { Line, StackedArea, Points };
    // The outline of a Points mark: marks of one colour (runs of one policy on a frontier) told
    // apart by shape, in the plot and in their legend key alike (ChartLegend::markPath).
    enum class MarkShape { Circle, Square, Diamond, TriangleUp, TriangleDown };
    struct Series {
        QString name;
        QColor color;
        QList<QPointF> points;  // ascending x
        SeriesStyle style = SeriesStyle::Line;
        bool dashed = false;   // a later run of a comparison (a fork): its series are dashed
        // Between points: a line, or steps held from each x (events, counts) or drawn back to
        // the previous x (a value describing the interval that ends at its x): StepCorners.
        Steps steps = Steps::None;
        QString run;           // "A", "B": the run of a chart of several runs; empty for one run
        bool dots = false;     // a Line with a small mark at each point (a sweep's budgets)
        double markScale = 1;  // the size of a Points mark, relative to the default (the current run: larger)
        MarkShape shape = MarkShape::Circle;  // a Points mark's outline; `dashed` haloes it (a fork)
        // A Line's weight relative to the default, in the plot and its legend key: metrics of one
        // run share its hue, and its raw value (thin) and a smoothed one (bold) read apart by it.
        double lineScale = 1;
        // A Line's spread: per point its low and high y, filled in the series' area colour under
        // the line (a sweep's min–max over seeds). Empty: none; else one pair per point.
        std::vector<std::pair<double, double>> band = {};
    };

    // Rows of the image that belong together, e.g. the nodes of one GPU model.
    struct RowBand {
        QString label;
        int firstRow = 0;
        int rowCount = 0;
    };
    // A colour matrix drawn inside the plot area: one pixel per cell, columns spanning
    // [xMin, xMax] of the x axis (or the whole width when the x axis is hidden), rows top to
    // bottom. The y axis then shows the bands instead of numbers.
    struct Heatmap {
        QImage image;
        double xMin = 0;
        double xMax = 1;
        QString rowAxisLabel;  // e.g. "Nodes by GPU model"
        QList<RowBand> bands;
        QString legendLabel;  // e.g. "Expected fragmentation"
        QString legendUnit;   // e.g. "GPU"
        double legendMin = 0;
        double legendMax = 1;
        QList<QColor> scale;  // evenly spaced stops from legendMin to legendMax
        // Non-empty: the image's colours are these categories (a GPU busy or free), keyed as
        // swatches in the legend instead of a colour bar over the scale.
        struct Key {
            QString name;
            QColor color;
        };
        QList<Key> keys;
        // Non-empty: every cell ringed in the colour of its group, row-major as `values`
        // (cellRings[i] indexes ringKeys; -1: none), and the groups keyed in the legend as
        // rings: the variability chart's slowdown bins, as the app's tab rings its cells.
        std::vector<int> cellRings;
        QList<Key> ringKeys;
        // Texts drawn over the image, each in a rectangle of image pixels (scaled with the
        // image, the text sized to fit its height), right-aligned: the occupancy chart's node
        // numbers beside each node's GPUs.
        struct Label {
            QRectF rect;
            QString text;
        };
        QList<Label> labels;
        // Non-empty: a name per image row (a node), shown at the left instead of the bands'
        // names when every row has a line of text's room; else the bands are named.
        QStringList rowLabels;
        // The numbers behind the image, for CSV: one row per name, one column per header.
        QStringList rowNames;
        QStringList columnHeaders;
        QList<double> columnX;     // the x of each column, for range limits (may be empty)
        std::vector<float> values;  // row-major, rowNames.size() x columnHeaders.size()
    };

    // A vertical line across the plot, e.g. "fork", "diverges", "cursor".
    struct Marker {
        double x = 0;
        QString label;
    };

    QString title;
    QString subtitle;  // e.g. the run's name
    Axis x;
    Axis y;
    QList<Series> series;
    std::optional<Heatmap> heatmap;
    QList<Marker> markers;
    std::optional<std::pair<double, double>> shadedX;  // a highlighted x range
};

}  // namespace tessera::chart
