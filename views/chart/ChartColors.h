#pragma once

#include "chart/ChartTheme.h"

#include <QColor>
#include <QList>

namespace tessera::chart {

// Colour-blind-safe colours of the exported charts and of the app's views alike: the Okabe–Ito
// palette for categories (runs, series) and the viridis scale for heatmaps, whose lightness
// rises monotonically, so it also reads in grey.
class ChartColors {
public:

    // The i-th category colour, cycling. Okabe–Ito without black, which themes need for text.
    static QColor categorical(int index);
    static int categoricalCount();

    // A sequential scale at t in [0, 1] (clamped; a t that is not finite reads as 0),
    // interpolated between table stops.
    static QColor sequential(double t);
    // Evenly spaced stops of the scale, for legends and ChartSpec::Heatmap::scale.
    static QList<QColor> sequentialStops(int count = 11);

    static ChartTheme lightTheme();
    static ChartTheme darkTheme();
};

}  // namespace tessera::chart
