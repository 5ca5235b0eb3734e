#pragma once

#include <QColor>

namespace tessera::chart {

// The non-data colours of a chart. ChartColors::lightTheme() and darkTheme() give the two
// variants; the GUI picks one from the system palette, exports default to light.
struct ChartTheme {
    QColor background;
    QColor text;
    QColor mutedText;  // tick labels, subtitles
    QColor grid;
    QColor axis;
    QColor markerLine;
    QColor shade;  // the shaded x range, translucent
    bool dark = false;
};

}  // namespace tessera::chart
