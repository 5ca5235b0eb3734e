#pragma once

#include "chart/ChartSpec.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <utility>

namespace tessera::chart {

// The numbers behind a chart as CSV (RFC 4180, dot decimals in any locale): the x column and
// one column per series, each header with its unit and, for several runs, its run ("· A");
// series on different x (runs on different traces) share one x grid, each cell the series'
// value held from its last point (the charts' step rule); for a heatmap, one row per group and one
// column per cell column. Given an x range (the visible, zoomed range), only rows or columns
// inside it are written.
class ChartCsv {
public:
    using XRange = std::optional<std::pair<double, double>>;

    static QByteArray toCsv(const ChartSpec& spec, XRange visible = std::nullopt);
    // Throws ChartError naming the path when it cannot be written.
    static void save(const ChartSpec& spec, const QString& path, XRange visible = std::nullopt);
};

}  // namespace tessera::chart
