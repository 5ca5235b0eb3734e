#include "chart/FragmentationHeatmap.h"

#include "chart/ChartColors.h"
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
    ChartSpec spec = frame.spec(QStringLiteral("%1 per node").arg(QString::fromStdString(info.label)), {}, {});
    spec.subtitle = frame.runName(0);
    const double xMin = frame.xMin();
    const double xMax = std::max(frame.xMax(), xMin + 1e-9);
    // The image spans the axis exactly, so the axis is not widened to nice ticks.
    spec.x.min = xMin;
    spec.x.max = xMax;

    // Sample twice as many positions as image columns, then give each column the state at its
    // own x: positions are not evenly spaced in x (CPU-only pods add no arrived workload).
    const int columns = std::clamp(options.heatmapColumns, 2, 4096);
    const GroupValueMatrix m = GroupValueMatrix::sample(run, size_t(columns) * 2, frame.from(), frame.to(), progress);
    std::vector<double> sampleX;
    for (size_t p : m.positions)
        sampleX.push_back(frame.xOf(p));
    const int width = int(std::min<size_t>(size_t(columns), std::max<size_t>(1, m.columns())));

    const OccupancyLayout& layout = run.layout();
    const std::vector<size_t> rows = rowsWithCells(layout, m.groups);

    ChartSpec::Heatmap h;
    h.xMin = xMin;
    h.xMax = xMax;
    h.rowAxisLabel = QStringLiteral("Nodes by GPU model");
    h.legendLabel = QString::fromStdString(info.label);
    h.legendUnit = QString::fromStdString(info.unit);
    h.scale = ChartColors::sequentialStops();
    h.legendMin = 0;
    h.legendMax = scaleMax(m, rows);

    std::vector<size_t> sourceColumn(size_t(width), 0);
    for (int c = 0; c < width; ++c) {
        const double x = xMin + (xMax - xMin) * (c + 0.5) / width;
        const size_t after = size_t(std::upper_bound(sampleX.begin(), sampleX.end(), x) - sampleX.begin());
        sourceColumn[size_t(c)] = after == 0 ? 0 : after - 1;
        h.columnHeaders << QString::number(x, 'f', 4);
        h.columnX << x;
    }
    h.image = QImage(width, std::max<int>(1, int(rows.size())), QImage::Format_RGB32);
    h.image.fill(Qt::transparent);
    h.values.reserve(rows.size() * size_t(width));
    for (size_t r = 0; r < rows.size(); ++r) {
        const auto& group = layout.groups[rows[r]];
        h.rowNames << QString::fromStdString(group.name);
        auto* line = reinterpret_cast<QRgb*>(h.image.scanLine(int(r)));
        for (int c = 0; c < width; ++c) {
            const float v = m.columns() ? m.at(rows[r], sourceColumn[size_t(c)]) : 0.0f;
            h.values.push_back(v);
            line[c] = ChartColors::sequential(double(v) / h.legendMax).rgb();
        }
        if (h.bands.isEmpty() || h.bands.last().label != QString::fromStdString(layout.categories[group.category]))
            h.bands.append({QString::fromStdString(layout.categories[group.category]), int(r), 0});
        ++h.bands.last().rowCount;
    }
    spec.heatmap = std::move(h);
    return spec;
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
