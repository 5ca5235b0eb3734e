#pragma once

#include "chart/ChartColors.h"
#include "chart/ChartFormat.h"
#include "chart/ChartSpec.h"
#include "chart/ChartTheme.h"

#include <QByteArray>
#include <QList>
#include <QRectF>
#include <QSize>

class QPainter;

namespace tessera::chart {

// The one chart painter: the same QPainter calls paint into a QImage (PNG), a QSvgGenerator
// (SVG, true vector paths and text) and a QPdfWriter (PDF), so every export and the CLI look
// alike. Text sizes are in pixels (QFont::setPixelSize), since point sizes would map through
// each device's DPI and make SVG text smaller than PNG text.
class ChartRenderer {
public:
    // How a page's panels share it: stacked top to bottom (their plots' left and right edges
    // shared), or side by side in columns (their plots' tops shared), for a wide, low area.
    enum class Arrangement { Stacked, SideBySide };

    // One chart filling `area`.
    static void paint(QPainter& painter, const QRectF& area, const ChartSpec& spec, const ChartTheme& theme);
    // Charts stacked top to bottom in `area`, sharing one text size (a page of panels) and their
    // plots' left and right edges; returns each one's plot rectangle. `fontPixels` 0: the
    // page's (fontPixelSize); the app passes kScreenFontPixels.
    static QList<QRectF> paint(QPainter& painter, const QRectF& area, const QList<ChartSpec>& panels,
                               const ChartTheme& theme, double fontPixels = 0,
                               Arrangement arrangement = Arrangement::Stacked);
    // The same in a view of the app: text at kScreenFontPixels whatever the view's size, as
    // every other chart and the UI around it (a view painting with the page rule had 8-px text
    // at 1280x800 and text larger than the UI's at 2560x1440). Every item that paints a
    // ChartSpec on screen paints through this.
    static QList<QRectF> paintOnScreen(QPainter& painter, const QRectF& area, const QList<ChartSpec>& panels,
                                       const ChartTheme& theme, Arrangement arrangement = Arrangement::Stacked)
    {
        return paint(painter, area, panels, theme, kScreenFontPixels, arrangement);
    }

    // The encoded file. Throws ChartError for a size outside 64-16384 pixels a side.
    static QByteArray render(const QList<ChartSpec>& panels, ChartFormat format, QSize size,
                             const ChartTheme& theme = ChartColors::lightTheme(),
                             Arrangement arrangement = Arrangement::Stacked);
    // Writes the file atomically. Throws ChartError naming the path when it cannot be written.
    static void save(const ChartSpec& spec, const QString& path, ChartFormat format, QSize size,
                     const ChartTheme& theme = ChartColors::lightTheme());
    static void save(const QList<ChartSpec>& panels, const QString& path, ChartFormat format, QSize size,
                     const ChartTheme& theme = ChartColors::lightTheme(),
                     Arrangement arrangement = Arrangement::Stacked);

    // The one rule for charts' text sizes. In a file, the base size of a page: from its size
    // alone, so that every chart of a size (one panel or four) reads alike; readable from
    // thumbnails to 4K.
    static double fontPixelSize(const QSizeF& page);
    // On screen, the app's text size whatever the view's size, as its other views'
    // (ThemePalette.chartFontPixels for QML charts, GanttItem, the variability heatmap).
    static constexpr double kScreenFontPixels = 12;
};

}  // namespace tessera::chart
