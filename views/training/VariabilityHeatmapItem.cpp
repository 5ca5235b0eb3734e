#include "training/VariabilityHeatmapItem.h"

#include "chart/ChartColors.h"
#include "chart/ChartRenderer.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QVariantMap>

#include <algorithm>
#include <cmath>

namespace tessera::views {

namespace {

constexpr double kLabelWidth = 64;   // the node labels left of the rows
constexpr double kHeaderHeight = 20; // the GPU numbers above the columns
constexpr double kMaxCell = 72;

}  // namespace

VariabilityHeatmapItem::VariabilityHeatmapItem(QQuickItem* parent) : QQuickPaintedItem(parent)
{
    setAntialiasing(true);
}

void VariabilityHeatmapItem::setRun(RunHandle* run)
{
    if (run == run_)
        return;
    if (run_)
        disconnect(run_, nullptr, this, nullptr);
    run_ = run;
    // The rings are shades of the run's colour: they follow a recolour.
    if (run_)
        connect(run_, &RunHandle::colorChanged, this, [this] {
            emit changed();
            update();
        });
    reload();
}

QColor VariabilityHeatmapItem::runColor() const
{
    return run_ ? run_->color() : chart::ChartColors::categorical(0);
}

void VariabilityHeatmapItem::setClassIndex(int index)
{
    if (index == classIndex_)
        return;
    classIndex_ = index;
    reload();
}

void VariabilityHeatmapItem::setBackgroundColor(const QColor& color)
{
    if (color == backgroundColor_)
        return;
    backgroundColor_ = color;
    emit changed();
    update();
}

void VariabilityHeatmapItem::setTextColor(const QColor& color)
{
    if (color == textColor_)
        return;
    textColor_ = color;
    emit changed();
    update();
}

void VariabilityHeatmapItem::reload()
{
    QStringList names;
    data_ = {};
    missing_ = run_ ? chart::ClassVariability::missing(run_->run()) : QString();
    if (run_) {
        const int classes = chart::ClassVariability::classCount(run_->run());
        for (int c = 0; c < classes; ++c)
            names << QStringLiteral("class %1").arg(QChar(char16_t(u'A' + c)));
        data_ = chart::ClassVariability::of(run_->run(), classIndex_);
    }
    if (names != classNames_) {
        classNames_ = names;
        emit classNamesChanged();
    }
    emit changed();
    update();
}

QVariantList VariabilityHeatmapItem::bins() const
{
    QVariantList list;
    for (int b = 0; b < data_.bins.size(); ++b) {
        const chart::ClassVariability::Bin& bin = data_.bins[b];
        const QString gpus = bin.gpus == 1 ? tr("1 GPU") : tr("%1 GPUs").arg(bin.gpus);
        list.append(QVariantMap{{"text", tr("sf %1 · %2").arg(scoreText(bin.sf)).arg(gpus)},
                                {"color", chart::ClassVariability::binColor(b, runColor())},
                                {"gpus", bin.gpus},
                                {"sf", bin.sf}});
    }
    return list;
}

QColor VariabilityHeatmapItem::colorAt(double t) const { return chart::ChartColors::sequential(t); }

QString VariabilityHeatmapItem::scoreText(double value) const { return chart::ClassVariability::scoreText(value); }

VariabilityHeatmapItem::Geometry VariabilityHeatmapItem::geometry() const
{
    Geometry g;
    g.left = kLabelWidth;
    g.top = kHeaderHeight;
    if (data_.nodes <= 0 || data_.gpusPerNode <= 0)
        return g;
    g.cell = std::min({kMaxCell, (width() - g.left) / data_.gpusPerNode, (height() - g.top) / data_.nodes});
    g.cell = std::max(g.cell, 2.0);
    return g;
}

VariabilityHeatmapItem::Cell VariabilityHeatmapItem::cellParts(int node, int column) const
{
    const Geometry g = geometry();
    // Whole pixels, so that the thin gaps are not blurred into the colours beside them; cells
    // apart by the background, so that each one's ring reads on its own.
    const double apart = g.cell >= 30 ? 2 : 1;
    const auto edge = [](double x) { return std::round(x); };
    const QRectF cell(QPointF(edge(g.left + column * g.cell), edge(g.top + node * g.cell)),
                      QPointF(edge(g.left + (column + 1) * g.cell) - apart, edge(g.top + (node + 1) * g.cell) - apart));
    const double ring = std::round(std::clamp(g.cell / 9.0, 2.0, 6.0));
    const double gap = g.cell >= 24 ? 2 : 1;
    Cell parts;
    if (cell.width() <= 2 * (ring + gap) + 2) {  // too small for a ring: the fill alone
        parts.fill = cell;
        return parts;
    }
    parts.ring = cell;
    parts.gap = cell.adjusted(ring, ring, -ring, -ring);
    parts.fill = parts.gap.adjusted(gap, gap, -gap, -gap);
    return parts;
}

int VariabilityHeatmapItem::gpuAt(double x, double y) const
{
    const Geometry g = geometry();
    if (g.cell <= 0 || x < g.left || y < g.top)
        return -1;
    const int column = int((x - g.left) / g.cell);
    const int row = int((y - g.top) / g.cell);
    if (column >= data_.gpusPerNode || row >= data_.nodes)
        return -1;
    return row * data_.gpusPerNode + column;
}

QString VariabilityHeatmapItem::describeGpu(int gpu) const
{
    if (gpu < 0 || size_t(gpu) >= data_.perfVar.size())
        return {};
    return tr("node %1 · GPU %2: PerfVar %3× (%4), in the bin of sf %5")
        .arg(gpu / data_.gpusPerNode)
        .arg(gpu)
        .arg(scoreText(data_.perfVar[size_t(gpu)]))
        .arg(data_.name)
        .arg(scoreText(data_.bins[data_.bin[size_t(gpu)]].sf));
}

void VariabilityHeatmapItem::paint(QPainter* painter)
{
    const Geometry g = geometry();
    if (data_.empty() || g.cell <= 0)
        return;
    QFont font = painter->font();
    font.setPixelSize(int(chart::ChartRenderer::kScreenFontPixels));
    painter->setFont(font);
    painter->setPen(textColor_);
    // Node labels every row when they fit, else every few rows.
    const int every = std::max(1, int(std::ceil(14.0 / g.cell)));
    for (int n = 0; n < data_.nodes; n += every)
        painter->drawText(QRectF(0, g.top + n * g.cell, g.left - 6, g.cell), Qt::AlignRight | Qt::AlignVCenter,
                          tr("node %1").arg(n));
    for (int c = 0; c < data_.gpusPerNode; ++c)
        painter->drawText(QRectF(g.left + c * g.cell, 0, g.cell, g.top), Qt::AlignCenter,
                          g.cell >= 40 ? tr("GPU %1").arg(c) : QString::number(c));
    const bool labelled = g.cell >= 40;
    for (int n = 0; n < data_.nodes; ++n)
        for (int c = 0; c < data_.gpusPerNode; ++c) {
            const size_t gpu = size_t(n * data_.gpusPerNode + c);
            const Cell parts = cellParts(n, c);
            if (parts.ring.isNull()) {
                painter->fillRect(parts.fill, data_.color(gpu));
                continue;
            }
            // The bin's ring, then the background, then the fill: the ring stands against the
            // background on both sides, never against the scale's colours (a blue bin on a
            // blue fill could not be seen).
            painter->fillRect(parts.ring, chart::ClassVariability::binColor(data_.bin[gpu], runColor()));
            painter->fillRect(parts.gap, backgroundColor_);
            painter->fillRect(parts.fill, data_.color(gpu));
            const QRectF inner = parts.fill;
            if (labelled) {
                // White on the dark end of the scale, black on the light (yellow) end.
                painter->setPen(data_.color(gpu).lightnessF() < 0.5 ? QColor(Qt::white) : QColor(Qt::black));
                painter->drawText(inner, Qt::AlignCenter,
                                  QStringLiteral("%1\nsf %2").arg(scoreText(data_.perfVar[gpu]), scoreText(data_.bins[data_.bin[gpu]].sf)));
            }
        }
}

}  // namespace tessera::views
