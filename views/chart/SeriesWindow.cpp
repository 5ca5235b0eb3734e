#include "chart/SeriesWindow.h"

#include "chart/CurveSamples.h"

#include <algorithm>

namespace tessera::chart {

SeriesWindow::SeriesWindow(const Run& run, size_t from, size_t to, double xScale, int maxPoints)
    : SeriesWindow(run, xScale, maxPoints)
{
    const size_t rows = series_->rows();
    if (rows == 0)
        return;
    to = std::min(to, rows - 1);
    thin(std::min(from, to), to, maxPoints);
}

SeriesWindow SeriesWindow::overX(const Run& run, double xMin, double xMax, double xScale, int maxPoints)
{
    SeriesWindow w(run, xScale, maxPoints);
    const size_t rows = w.series_->rows();
    size_t first = rows, last = 0;
    for (size_t r = 0; r < rows; ++r) {
        const double x = w.x(r);
        if (x < xMin || x > xMax)
            continue;
        first = std::min(first, r);
        last = r;
    }
    if (first < rows)
        w.thin(first, last, maxPoints);
    return w;
}

void SeriesWindow::thin(size_t first, size_t last, int maxPoints)
{
    const size_t count = last - first + 1;
    const size_t wanted = std::max<size_t>(2, size_t(std::max(2, maxPoints)));
    if (count <= wanted) {
        for (size_t r = first; r <= last; ++r)
            rows_.push_back(r);
        return;
    }
    for (size_t i = 0; i < wanted; ++i)
        rows_.push_back(first + (count - 1) * i / (wanted - 1));
    rows_.erase(std::unique(rows_.begin(), rows_.end()), rows_.end());
}

double SeriesWindow::x(size_t row) const
{
    return series_->column(0)[row] * xScale_;
}

QList<QPointF> SeriesWindow::points(std::string_view key) const
{
    const auto column = series_->find(key);
    return column ? points(*column) : QList<QPointF>();
}

QList<QPointF> SeriesWindow::points(size_t column) const
{
    QList<QPointF> out;
    out.reserve(qsizetype(rows_.size()));
    const auto values = series_->column(column);
    for (size_t r : rows_)
        out.append(QPointF(x(r), values[r]));
    return curveSamples(out, MetricLookup(*series_), *series_, column, xScale_, maxPoints_);
}

}  // namespace tessera::chart
