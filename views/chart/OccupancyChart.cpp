#include "chart/OccupancyChart.h"

#include "chart/ChartColors.h"
#include "chart/GroupAxisLabel.h"
#include "chart/OccupancyGeometry.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace tessera::chart {

namespace {

// Image pixels of a cell: big enough for the node numbers beside each node's GPUs
// (OccupancyGeometry labels cells of 10 px and more)...
constexpr int kCellPixels = 16;
// ...unless the image would be wider than this: stretched over a plot its cells would be too
// small to read a number beside, so a large cluster is drawn without (and without their room);
// a single group wider than this wraps instead.
constexpr int kMaxLabelledWidth = 1600;
constexpr int kUnlabelledCellPixels = 6;
// The plot's usual width:height: the row length is chosen so that the image, stretched over
// the plot, keeps its cells about square.
constexpr double kPlotAspect = 1.75;

// The app's grid layout (OccupancyGeometry) at the width, among those that fit a whole number
// of the widest group per row, whose image is closest to the plot's shape.
OccupancyGeometry chartGeometry(const OccupancyLayout& layout, int cellPixels = kCellPixels)
{
    // Every group on one row: the widest group with its label is the width of one per row.
    const OccupancyGeometry one(layout, std::numeric_limits<int>::max() / 4, cellPixels, 0);
    int slot = 1;
    size_t labelled = 0;
    for (size_t g = 0; g < layout.groups.size(); ++g) {
        const std::vector<QRect> rects = one.groupRects(int(g));
        if (rects.empty() || layout.groups[g].cellCount == 0)
            continue;
        const int left = labelled < one.groupLabels().size() ? one.groupLabels()[labelled++].rect.left() : rects.front().left();
        slot = std::max(slot, rects.back().right() + 1 - left);
    }
    size_t groups = 0;
    for (const auto& g : layout.groups)
        groups += g.cellCount > 0;
    int best = slot;
    double bestMiss = std::numeric_limits<double>::infinity();
    const auto consider = [&](int width) {
        const OccupancyGeometry g(layout, width, cellPixels, 0);
        const double miss = std::abs(std::log(double(width) / std::max(1, g.height()) / kPlotAspect));
        if (miss < bestMiss) {
            bestMiss = miss;
            best = width;
        }
    };
    if (cellPixels == kCellPixels && slot > kMaxLabelledWidth) {
        // A group wider than a labelled image (a job type's hundreds of GPU slots): it wraps
        // under its label, as in the app, at the width whose image is closest to the plot's
        // shape; its cells keep their labels rather than every group losing them.
        for (int width = 8 * (cellPixels + 1); width <= kMaxLabelledWidth; width += cellPixels + 1)
            consider(width);
        return OccupancyGeometry(layout, best, cellPixels, 0);
    }
    for (size_t n = 1; n <= std::max<size_t>(groups, 1); n = std::max(n + 1, size_t(double(n) * 1.05)))
        consider(int(n) * (slot + 3));  // + a group gap per group: the width n groups of `slot` need side by side
    if (cellPixels == kCellPixels && best > kMaxLabelledWidth)
        return chartGeometry(layout, kUnlabelledCellPixels);
    return OccupancyGeometry(layout, best, cellPixels, 0);
}

}  // namespace

QStringList OccupancyChart::binaryKeys(const Run& run)
{
    const OccupancyLayout& layout = run.layout();
    if (layout.layers.empty() || !layout.layers.front().binary)
        return {};
    const QString unit = layout.unitName.empty() ? QStringLiteral("GPU") : QString::fromStdString(layout.unitName);
    return {QStringLiteral("%1 busy (a %2 on it)").arg(unit, QString::fromStdString(run.words().occupant)),
            QStringLiteral("%1 free").arg(unit)};
}

ChartSpec OccupancyChart::build(const Run& run, size_t position, bool darkBackground, const QString& note)
{
    position = std::min(position, run.steps());
    const OccupancyLayout& layout = run.layout();
    auto cursor = run.cursor();
    cursor->seek(position);
    std::vector<float> use;
    cursor->cellUse(use);

    int maxCells = 1;
    for (const auto& group : layout.groups)
        maxCells = std::max(maxCells, int(group.cellCount));
    const OccupancyGeometry geometry = chartGeometry(layout);

    ChartSpec spec;
    const MetricSeries& s = run.series();
    const size_t row = std::min(position, s.rows() ? s.rows() - 1 : 0);
    const RunWords words = run.words();
    // In the kind's words: "GPUs by job at round 312 of 628 (time 120.0 h)".
    spec.title = QStringLiteral("%1 at %2 %3 of %4")
                     .arg(QString::fromStdString(words.occupancy), QString::fromStdString(words.step))
                     .arg(position)
                     .arg(run.steps());
    spec.title[0] = spec.title[0].toUpper();
    if (s.rows() > 0)
        spec.title += QStringLiteral(" (%1 %2 %3)")
                          .arg(QString::fromStdString(s.info(0).label).toLower())
                          .arg(s.column(0)[row], 0, 'f', 1)
                          .arg(QString::fromStdString(s.info(0).unit));
    if (!note.isEmpty())
        spec.title += QStringLiteral(": ") + note;
    spec.subtitle = QString::fromStdString(run.info().name);
    spec.x.visible = false;

    ChartSpec::Heatmap h;
    h.rowAxisLabel = groupAxisLabel(words, layout.categories.size());
    // A kind whose cells are only busy or free (training GPUs) is keyed so; shared GPUs (pods,
    // MIG slices) on the 0-100 % ramp.
    const bool binary = !layout.layers.empty() && layout.layers.front().binary;
    const QString unit = layout.unitName.empty() ? QStringLiteral("GPU") : QString::fromStdString(layout.unitName);
    // The ramp is named by the kind's first layer, as the app's legend is (OccupancyLayer::name).
    h.legendLabel = binary              ? QStringLiteral("%1 busy").arg(unit)
                    : layout.layers.empty() ? QStringLiteral("Used share")
                                            : QString::fromStdString(layout.layers.front().name);
    h.legendUnit = binary ? QString() : QStringLiteral("%");
    h.legendMin = 0;
    h.legendMax = binary ? 1 : 100;
    h.scale = ChartColors::occupancyStops(darkBackground);
    const QRgb empty = ChartColors::emptyCell(darkBackground).rgba();
    if (binary) {
        const QStringList keys = binaryKeys(run);
        h.keys = {{keys.at(0), ChartColors::occupancy(1.0, darkBackground)}, {keys.at(1), QColor::fromRgba(empty)}};
    }
    for (int c = 0; c < maxCells; ++c)
        h.columnHeaders << (binary ? QStringLiteral("%1 %2 (1 busy, 0 free)").arg(unit).arg(c)
                                   : QStringLiteral("GPU %1 used (%)").arg(c));
    // The app's layout: each node a row of its GPUs with its number at its left, nodes in rows,
    // a band of rows per GPU model.
    h.image = QImage(std::max(1, geometry.width()), std::max(1, geometry.height()), QImage::Format_ARGB32);
    h.image.fill(Qt::transparent);
    for (size_t g = 0; g < layout.groups.size(); ++g) {
        const auto& group = layout.groups[g];
        if (group.cellCount == 0)
            continue;
        h.rowNames << QString::fromStdString(group.name);
        for (int c = 0; c < maxCells; ++c) {
            const bool exists = uint32_t(c) < group.cellCount;
            const float u = exists ? use[group.firstCell + uint32_t(c)] : std::numeric_limits<float>::quiet_NaN();
            h.values.push_back(exists && !binary ? u * 100.0f : u);
        }
    }
    for (size_t cell = 0; cell < geometry.cells().size() && cell < use.size(); ++cell) {
        const float u = use[cell];
        const QRgb color = u > 0.0f ? ChartColors::occupancy(double(u), darkBackground).rgb() : empty;
        const QRect r = geometry.cells()[cell].intersected(h.image.rect());
        for (int y = r.top(); y <= r.bottom(); ++y)
            for (int x = r.left(); x <= r.right(); ++x)
                h.image.setPixel(x, y, color);
    }
    for (const auto& label : geometry.groupLabels())
        h.labels.append({QRectF(label.rect), label.text});
    // A lone band named only by the groups' own noun (the renting kind's "job type") would be a
    // stray label beside the axis title that already says it ("Job types"): not drawn.
    const bool nounOnly = geometry.bands().size() == 1
                          && geometry.bands().front().label.compare(QString::fromStdString(words.group), Qt::CaseInsensitive) == 0;
    for (const auto& band : geometry.bands())
        if (!nounOnly)
            h.bands.append({band.label, band.cellsRect.top(), band.cellsRect.height()});
    spec.heatmap = std::move(h);
    return spec;
}

}  // namespace tessera::chart
