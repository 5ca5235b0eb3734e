#include "chart/OccupancyChart.h"

#include "chart/ChartColors.h"
#include "chart/GroupAxisLabel.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace tessera::chart {

namespace {

// Image pixels of one cell and of the gaps that keep nodes apart.
constexpr int kCellWidth = 3;
constexpr int kCellHeight = 2;
constexpr int kGap = 1;
// The plot's usual width:height; the node-row length is chosen to give cells this look.
constexpr double kPlotAspect = 1.75;
constexpr double kCellAspect = 1.3;

// Each band's node strips are as tall as its largest node, so 1-GPU T4 nodes take less room
// than 8-GPU ones.
struct Band {
    uint32_t category = 0;
    std::vector<size_t> groups;
    int cells = 1;
    int unitCells = 0;  // Group::unitCells: cells per unit (1: each cell is a GPU of a node); 0: none

    // Units are drawn a pixel apart, so a busy 4-GPU training node reads as four GPUs, not one
    // block.
    int unitGaps(int cell) const { return unitCells > 0 ? cell / unitCells : 0; }
    int nodeHeight() const { return cells * kCellHeight + unitGaps(cells - 1) * kGap + kGap * 2; }
    int cellTop(int cell) const { return cell * kCellHeight + unitGaps(cell) * kGap; }
    int height(int nodesPerRow) const
    {
        return int((groups.size() + size_t(nodesPerRow) - 1) / size_t(nodesPerRow)) * nodeHeight();
    }
};

int imageHeight(const std::vector<Band>& bands, int nodesPerRow)
{
    int height = 0;
    for (const auto& b : bands)
        height += b.height(nodesPerRow);
    return height;
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

    std::vector<Band> bands;
    int maxCells = 1;
    for (size_t g = 0; g < layout.groups.size(); ++g) {
        const auto& group = layout.groups[g];
        if (group.cellCount == 0)
            continue;
        if (bands.empty() || bands.back().category != group.category)
            bands.push_back({group.category, {}});
        bands.back().groups.push_back(g);
        bands.back().cells = std::max(bands.back().cells, int(group.cellCount));
        bands.back().unitCells = int(group.unitCells);
        maxCells = std::max(maxCells, int(group.cellCount));
    }
    size_t widest = 1;
    for (const auto& b : bands)
        widest = std::max(widest, b.groups.size());

    // The node-row length whose cells come closest to the wanted shape once the image is
    // stretched over the plot.
    int nodesPerRow = 1;
    double best = std::numeric_limits<double>::infinity();
    for (int n = 1; n <= int(widest); ++n) {
        const double width = n * (kCellWidth + kGap);
        const double height = std::max(1, imageHeight(bands, n));
        const double cellAspect = (kPlotAspect * kCellWidth / width) / (double(kCellHeight) / height);
        const double miss = std::abs(std::log(cellAspect / kCellAspect));
        if (miss < best) {
            best = miss;
            nodesPerRow = n;
        }
    }

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
    h.legendLabel = binary ? QStringLiteral("%1 busy").arg(unit) : QStringLiteral("Allocated share of each GPU");
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
    h.image = QImage(nodesPerRow * (kCellWidth + kGap) - kGap, std::max(1, imageHeight(bands, nodesPerRow)),
                     QImage::Format_ARGB32);
    h.image.fill(Qt::transparent);
    int top = 0;
    for (const auto& band : bands) {
        const int firstRow = top;
        for (size_t i = 0; i < band.groups.size(); ++i) {
            const auto& group = layout.groups[band.groups[i]];
            const int left = int(i % size_t(nodesPerRow)) * (kCellWidth + kGap);
            const int nodeTop = top + int(i / size_t(nodesPerRow)) * band.nodeHeight() + kGap;
            h.rowNames << QString::fromStdString(group.name);
            for (int c = 0; c < maxCells; ++c) {
                const bool exists = uint32_t(c) < group.cellCount;
                const float u = exists ? use[group.firstCell + uint32_t(c)] : std::numeric_limits<float>::quiet_NaN();
                h.values.push_back(exists && !binary ? u * 100.0f : u);
                if (!exists)
                    continue;
                const QRgb color = u > 0.0f ? ChartColors::occupancy(double(u), darkBackground).rgb() : empty;
                for (int y = 0; y < kCellHeight; ++y)
                    for (int x = 0; x < kCellWidth; ++x)
                        h.image.setPixel(left + x, nodeTop + band.cellTop(c) + y, color);
            }
        }
        top += band.height(nodesPerRow);
        h.bands.append({QString::fromStdString(layout.categories[band.category]), firstRow, top - firstRow});
    }
    spec.heatmap = std::move(h);
    return spec;
}

}  // namespace tessera::chart
