#pragma once

#include <QColor>
#include <QList>
#include <QString>
#include <QStringList>

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tessera::chart {

// What a view adds to the charts RunCharts builds: the zoom, the timeline cursor and the
// what-if markers. Positions are those of the first run (0 = before the first step).
struct RunChartOptions {
    std::optional<size_t> from;        // zoom: first position shown
    std::optional<size_t> to;          // zoom: last position shown
    std::optional<size_t> cursor;      // "cursor" marker
    // Why the cursor is where it is when it was chosen for the user ("the last round with a busy
    // GPU"), for the titles of charts drawn at it; empty when the user chose it.
    QString cursorNote;
    std::optional<size_t> fork;        // "fork" marker
    std::optional<size_t> divergence;  // "diverges" marker
    std::optional<std::pair<double, double>> shadedX;  // a selected x range, in the chart's unit
    // How the runs look in the app (RunHandle::name and color), by run; runs beyond these
    // lists take their stored name and ChartColors::categorical(i).
    QStringList runNames;
    QList<QColor> runColors;
    // A chart whose x spans decades (the JCT CDF): a logarithmic x axis or a linear one; unset,
    // the chart chooses by its data.
    std::optional<bool> logarithmicX;
    // A chart whose y spans decades (the renting frontier's mean JCT): log or linear; unset, by
    // its data.
    std::optional<bool> logarithmicY;
    // A chart that sweeps policies (the renting frontier): canonical policies drawn beside the
    // runs' own (`tessera-cli chart --policy`).
    std::vector<std::string> morePolicies;
    int maxPoints = 2000;      // per series; more rows are thinned evenly
    int heatmapColumns = 480;  // time bins of the fragmentation heatmap
};

}  // namespace tessera::chart
