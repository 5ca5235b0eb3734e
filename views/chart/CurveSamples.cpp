#include "chart/CurveSamples.h"

#include <algorithm>
#include <cmath>

namespace tessera::chart {

namespace {
constexpr int kMaxCurveSamples = 4096;
}

QList<QPointF> curveSamples(const QList<QPointF>& points, const MetricLookup& lookup, const MetricSeries& series,
                            size_t column, double xScale, int resolution)
{
    if (points.size() < 2 || column >= series.columns() ||
        series.info(column).interpolation != Interpolation::TimeAverage || !(xScale > 0))
        return points;
    const double span = points.back().x() - points.front().x();
    if (!(span > 0))
        return points;
    // A CSV keeps every row (ExportRequest::keepEveryRow: a resolution of INT_MAX); a curve needs
    // no more samples than a wide screen has pixels.
    const int samples = std::clamp(resolution, 2, kMaxCurveSamples);
    const double spacing = span / samples;
    QList<QPointF> drawn;
    drawn.reserve(points.size() + samples);
    for (qsizetype i = 0; i < points.size(); ++i) {
        if (i > 0) {
            const double from = points[i - 1].x(), gap = points[i].x() - from;
            const int extra = gap > spacing ? int(std::ceil(gap / spacing)) - 1 : 0;
            for (int k = 1; k <= extra; ++k) {
                const double x = from + gap * k / (extra + 1);
                if (const auto y = lookup.at(column, x / xScale))
                    drawn.append(QPointF(x, *y));
            }
        }
        drawn.append(points[i]);
    }
    return drawn;
}

}  // namespace tessera::chart
