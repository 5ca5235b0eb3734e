#include "chart/FragmentationHeatmap.h"

#include "chart/ChartColors.h"
#include "chart/GroupAxisLabel.h"
#include "chart/NiceTicks.h"
#include "chart/RunChartFrame.h"
#include "run/GroupValueMatrix.h"

#include <algorithm>

namespace tessera::chart {

ChartSpec FragmentationHeatmap::build(const Run& run, const RunChartOptions& options, const ProgressCallback& progress)
{
    const std::vector<const Run*> runs{&run};
    const RunChartFrame frame(runs, options);
    const MetricInfo info = run.groupValueInfo();
    const RunWords words = run.words();
    ChartSpec spec = frame.spec(QStringLiteral("%1 per %2").arg(QString::fromStdString(info.label), QString::fromStdString(words.group)),
                                {}, {});
    spec.subtitle = frame.runName(0);
    const double xMin = frame.xMin();
    const double xMax = std::max(frame.xMax(), xMin + 1e-9);
    // The image spans the axis exactly, so the axis is not widened to nice ticks.
    spec.x.min = xMin;
    spec.x.max = xMax;

    // One column per x bin, linear in x like every chart beside it: the state at the bin's
    // centre (the app's heatmap samples the same way).
    const int columns = std::clamp(options.heatmapColumns, 2, 4096);
    const double scale = frame.xScale();
    const GroupValueMatrix m = sampleOverX(run, size_t(columns), xMin / scale, xMax / scale, progress);
    const int width = int(std::max<size_t>(1, m.columns()));

    const OccupancyLayout& layout = run.layout();
    const std::vector<size_t> rows = rowsWithCells(layout, m.groups);

    ChartSpec::Heatmap h;
    h.xMin = xMin;
    h.xMax = xMax;
    h.rowAxisLabel = groupAxisLabel(words, layout.categories.size());
    h.legendLabel = QString::fromStdString(info.label);
    h.legendUnit = QString::fromStdString(info.unit);
    // More is darker on light paper, as a busy GPU on the occupancy grid (ChartColors::occupancy):
    // "GPUs busy per node" reads as the grid beside it.
    h.scale = ChartColors::occupancyStops(false);
    h.legendMin = 0;

    for (int c = 0; c < width; ++c) {
        const double x = xMin + (xMax - xMin) * (c + 0.5) / width;
        h.columnHeaders << QString::number(x, 'f', 4);
        h.columnX << x;
    }
    h.values.reserve(rows.size() * size_t(width));
    for (size_t r = 0; r < rows.size(); ++r) {
        const auto& group = layout.groups[rows[r]];
        h.rowNames << QString::fromStdString(group.name);
        h.rowLabels << QString::fromStdString(group.name);
        for (int c = 0; c < width; ++c)
            h.values.push_back(m.columns() ? m.at(rows[r], size_t(c)) : 0.0f);
        if (h.bands.isEmpty() || h.bands.last().label != QString::fromStdString(layout.categories[group.category]))
            h.bands.append({QString::fromStdString(layout.categories[group.category]), int(r), 0});
        ++h.bands.last().rowCount;
    }
    setScaleMax(h, scaleMax(m, rows));
    spec.heatmap = std::move(h);
    return spec;
}

void FragmentationHeatmap::setScaleMax(ChartSpec::Heatmap& h, double max)
{
    h.legendMax = max > 0 ? max : 1.0;
    const int width = int(std::max<qsizetype>(1, h.columnHeaders.size()));
    const int rows = int(h.rowNames.size());
    h.image = QImage(width, std::max(1, rows), QImage::Format_RGB32);
    h.image.fill(Qt::transparent);
    for (int r = 0; r < rows; ++r) {
        auto* line = reinterpret_cast<QRgb*>(h.image.scanLine(r));
        for (int c = 0; c < width; ++c) {
            const size_t at = size_t(r) * size_t(width) + size_t(c);
            line[c] = ChartColors::heatCell(at < h.values.size() ? double(h.values[at]) / h.legendMax : 0.0, false).rgb();
        }
    }
}

void FragmentationHeatmap::shareScale(QList<ChartSpec>& charts)
{
    double max = 0;
    for (const ChartSpec& c : charts)
        if (c.heatmap)
            max = std::max(max, c.heatmap->legendMax);
    for (ChartSpec& c : charts)
        if (c.heatmap && c.heatmap->legendMax != max)
            setScaleMax(*c.heatmap, max);
}

std::vector<size_t> FragmentationHeatmap::positionsOverX(const MetricSeries& series, size_t columns, double xMin,
                                                         double xMax)
{
    std::vector<size_t> positions;
    if (series.rows() == 0 || columns == 0)
        return positions;
    const auto xs = series.column(0);
    for (size_t c = 0; c < columns; ++c) {
        const double x = xMin + (xMax - xMin) * (double(c) + 0.5) / double(columns);
        const auto after = std::upper_bound(xs.begin(), xs.end(), x);
        positions.push_back(after == xs.begin() ? 0 : size_t(after - xs.begin()) - 1);
    }
    return positions;
}

GroupValueMatrix FragmentationHeatmap::sampleOverX(const Run& run, size_t columns, double xMin, double xMax,
                                                   const ProgressCallback& progress)
{
    return GroupValueMatrix::sampleAt(run, positionsOverX(run.series(), columns, xMin, xMax), progress);
}

std::vector<size_t> FragmentationHeatmap::rowsWithCells(const OccupancyLayout& layout, size_t groups)
{
    std::vector<size_t> rows;
    for (size_t g = 0; g < layout.groups.size() && g < groups; ++g)
        if (layout.groups[g].cellCount > 0)
            rows.push_back(g);
    return rows;
}

double FragmentationHeatmap::scaleMax(const GroupValueMatrix& m, const std::vector<size_t>& rows)
{
    std::vector<float> all;
    all.reserve(rows.size() * m.columns());
    for (size_t g : rows)
        for (size_t c = 0; c < m.columns(); ++c)
            all.push_back(m.at(g, c));
    if (all.empty())
        return 1.0;
    const auto k = all.begin() + std::ptrdiff_t(double(all.size() - 1) * 0.995);
    std::nth_element(all.begin(), k, all.end());
    return *k > 0 ? NiceTicks::compute(0, double(*k), 5).max : 1.0;
}

}  // namespace tessera::chart
