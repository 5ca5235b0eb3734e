#pragma once

#include "SweepCurves.h"

#include "chart/ChartRenderer.h"
#include "chart/ChartSpec.h"

#include <QList>
#include <QSizeF>
#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

namespace tessera::views {

// The figure of a sweep's chart: one panel per metric (power saved, and allocation under it,
// say), stacked (or side by side) and sharing one x range, so the trade-off a sweep is made to show reads on one
// screen and in one exported file. The first panel carries the figure's subtitle (the filters
// and what line and band are) and the legend; each panel its metric's title and y axis.
class SweepChartPanels {
public:
    struct Options {
        bool bands = true;   // the min–max band over the runs at each point
        QString filterText;  // the browser's filters in words (filterText); empty: none
    };

    // Panels of `figures` (one per metric, in order), painted by ChartRenderer; empty for none.
    static QList<chart::ChartSpec> build(const std::vector<SweepCurves>& figures, const Options& options);

    // "Seed = 42; Trace = a.csv or b.csv": each filtered parameter's title and its values.
    static QString filterText(const QList<std::pair<QString, QStringList>>& filters);

    // How `panels` panels share an area of `size`: stacked on one x axis, the figure's way in
    // a file (1600 x 1000), or side by side where the area is wide and low (the Sweep tab under
    // its table at 1280 x 800), where stacked plots would be a few pixels high.
    static chart::ChartRenderer::Arrangement arrangementFor(const QSizeF& size, qsizetype panels);

    // The room left beyond the data at each end of an axis, as a share of the data's span: a
    // point at the first or last weight is drawn whole, not cut by the plot's edge.
    static constexpr double kMargin = 0.06;
};

}  // namespace tessera::views
