#include "items/HeatmapItem.h"

#include "chart/UnitTitle.h"

#include "chart/ChartColors.h"
#include "chart/FragmentationHeatmap.h"
#include "chart/LabelStack.h"

#include <QVariantMap>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tessera::views {

namespace {
// Never more texel rows than this, whatever the height: textures are often limited to 16384
// texels. (Below it, a row per pixel of the item's height: HeatmapItem::shownRows.)
constexpr size_t kMaxTexelRows = 4096;

// As the exported heatmap paints it (ChartColors::heatCell): nothing is the empty cell, not the
// scale's faint end.
QColor heatmapColor(double share, bool darkBackground) { return chart::ChartColors::heatCell(share, darkBackground); }
}  // namespace

HeatmapItem::HeatmapItem(QQuickItem* parent)
    : TextureImageItem(Fit::StretchToItem, parent),
      job_(
          this,
          [this](GroupValueMatrix m) {
              setError({});
              setMatrix(std::move(m));
          },
          [this](const QString& error) { setError(QStringLiteral("Cannot compute the heatmap: %1").arg(error)); })
{
    setImplicitWidth(600);
    setImplicitHeight(300);
    job_.onBusyChanged([this](bool) { emit busyChanged(); });
}

HeatmapItem::~HeatmapItem() = default;

void HeatmapItem::setRun(RunHandle* run)
{
    if (run == run_)
        return;
    run_ = run;
    model_ = run ? run->shared() : nullptr;
    setMatrix(GroupValueMatrix());
    resample();
    emit runChanged();
    emit cursorPixelChanged();
}

void HeatmapItem::setScaleMax(double max)
{
    const double bounded = std::isfinite(max) && max > 0 ? max : 0.0;
    if (bounded == scaleMax_)
        return;
    scaleMax_ = bounded;
    paintImage();
    emit scaleChanged();
}

void HeatmapItem::setCursor(int position)
{
    if (position == cursor_)
        return;
    cursor_ = position;
    emit cursorPixelChanged();
}

qreal HeatmapItem::cursorPixel() const
{
    const double first = xOf(firstPosition()), last = xOf(lastPosition());
    if (!model_ || cursor_ < 0 || last <= first)
        return std::numeric_limits<qreal>::quiet_NaN();
    const double x = xOf(size_t(cursor_));
    if (x < first || x > last)
        return std::numeric_limits<qreal>::quiet_NaN();
    return (x - first) / (last - first) * width();
}

void HeatmapItem::setSamplingParameter(int& parameter, int value, void (HeatmapItem::*notify)())
{
    if (value == parameter)
        return;
    parameter = value;
    resample();
    emit (this->*notify)();
    emit cursorPixelChanged();
}

void HeatmapItem::setColumns(int columns)
{
    setSamplingParameter(columns_, std::clamp(columns, 1, 8192), &HeatmapItem::columnsChanged);
}

void HeatmapItem::setFrom(int from) { setSamplingParameter(from_, std::max(from, 0), &HeatmapItem::rangeChanged); }

void HeatmapItem::setTo(int to) { setSamplingParameter(to_, std::max(to, -1), &HeatmapItem::rangeChanged); }

size_t HeatmapItem::lastPosition() const
{
    if (!model_)
        return 0;
    return to_ < 0 ? model_->steps() : std::min(size_t(to_), model_->steps());
}

QString HeatmapItem::legendLabel() const
{
    if (!model_)
        return {};
    const MetricInfo info = model_->groupValueInfo();
    return chart::unitTitle(QString::fromStdString(info.label), QString::fromStdString(info.unit));
}

void HeatmapItem::resample()
{
    if (!model_) {
        job_.cancel();
        return;
    }
    job_.start([run = model_, columns = size_t(columns_), xMin = xOf(firstPosition()),
                xMax = xOf(lastPosition())](const std::atomic<bool>& cancelled) -> std::optional<GroupValueMatrix> {
        // CancelledError and any other exception are LatestResult's to handle.
        return chart::FragmentationHeatmap::sampleOverX(*run, columns, xMin, xMax,
                                                        [&](double) { return !cancelled.load(); });
    });
}

void HeatmapItem::setError(const QString& error)
{
    if (error == error_)
        return;
    error_ = error;
    emit errorChanged();
}

void HeatmapItem::setMatrix(GroupValueMatrix matrix)
{
    matrix_ = std::move(matrix);
    // The exported heatmap's scale, so that the screen and the report read alike.
    naturalMax_ = chart::FragmentationHeatmap::scaleMax(
        matrix_, model_ ? chart::FragmentationHeatmap::rowsWithCells(model_->layout(), matrix_.groups)
                        : std::vector<size_t>{});
    paintImage();
    emit matrixChanged();
    emit scaleChanged();
    emit bandsChanged();
}

void HeatmapItem::paintImage()
{
    const size_t columns = matrix_.columns(), groups = matrix_.groups;
    QImage& texels = image();
    if (columns == 0 || groups == 0) {
        texels = QImage();
    } else {
        const int rows = shownRows();
        texels = QImage(int(columns), rows, QImage::Format_RGB32);
        const float scale = float(1.0 / legendMax());
        for (int r = 0; r < rows; ++r) {
            auto* line = reinterpret_cast<QRgb*>(texels.scanLine(r));
            for (size_t c = 0; c < columns; ++c)
                line[c] = heatmapColor(float(shownValueAt(r, int(c))) * scale, darkBackground_).rgb();
        }
    }
    imageChanged();
}

int HeatmapItem::shownRows() const
{
    const size_t pixels = size_t(std::max(1.0, std::floor(height())));
    return int(std::min({matrix_.groups, kMaxTexelRows, pixels}));
}

int HeatmapItem::firstGroupOfRow(int row) const
{
    // Rows split the groups evenly (sizes differ by at most one), in layout order.
    const int rows = shownRows();
    if (row < 0 || rows <= 0)
        return -1;
    return int(size_t(std::min(row, rows)) * matrix_.groups / size_t(rows));
}

size_t HeatmapItem::hottestGroup(size_t row, size_t column) const
{
    const size_t first = size_t(firstGroupOfRow(int(row))), end = size_t(firstGroupOfRow(int(row) + 1));
    size_t best = first;
    for (size_t g = first + 1; g < end; ++g)
        if (matrix_.at(g, column) > matrix_.at(best, column))
            best = g;
    return best;
}

double HeatmapItem::shownValueAt(int row, int column) const
{
    if (row < 0 || row >= shownRows() || column < 0 || size_t(column) >= matrix_.columns())
        return std::numeric_limits<double>::quiet_NaN();
    return std::max(0.0f, matrix_.at(hottestGroup(size_t(row), size_t(column)), size_t(column)));
}

QColor HeatmapItem::shownColorAt(int row, int column) const
{
    const QImage& texels = image();
    if (row < 0 || column < 0 || row >= texels.height() || column >= texels.width())
        return {};
    return QColor(texels.pixel(column, row));
}

QVariantList HeatmapItem::bands() const
{
    QVariantList list;
    if (!model_ || matrix_.groups == 0)
        return list;
    const auto& layout = model_->layout();
    const double rowHeight = height() / double(layout.groups.size());
    struct Band {
        size_t first, end;
    };
    std::vector<Band> spans;
    std::vector<double> anchors;
    for (size_t g = 0; g < layout.groups.size();) {
        const uint32_t category = layout.groups[g].category;
        size_t end = g;
        while (end < layout.groups.size() && layout.groups[end].category == category)
            ++end;
        spans.push_back({g, end});
        anchors.push_back(rowHeight * double(g + end) / 2.0);
        g = end;
    }
    const double labelHeight =
        std::min(double(bandLabelHeight_), std::max(1.0, height()) / double(std::max<size_t>(1, spans.size())));
    const std::vector<double> placed = chart::LabelStack::place(anchors, labelHeight, 0.0, std::max(0.0, height()));
    for (size_t b = 0; b < spans.size(); ++b) {
        const auto [first, end] = spans[b];
        list.append(QVariantMap{{"label", QString::fromStdString(layout.categories[layout.groups[first].category])},
                                {"y", rowHeight * double(first)},
                                {"height", rowHeight * double(end - first)},
                                {"nodes", int(end - first)},
                                {"labelY", placed[b]},
                                {"labelHeight", labelHeight}});
    }
    return list;
}

void HeatmapItem::setBandLabelHeight(qreal height)
{
    const qreal bounded = std::max<qreal>(1, height);
    if (bounded == bandLabelHeight_)
        return;
    bandLabelHeight_ = bounded;
    emit bandsChanged();
}

// The legend's colour bar: the scale itself, from its faint end.
QColor HeatmapItem::colorAt(qreal share) const { return chart::ChartColors::occupancy(share, darkBackground_); }

QColor HeatmapItem::emptyColor() const { return heatmapColor(0.0, darkBackground_); }

void HeatmapItem::setDarkBackground(bool dark)
{
    if (dark == darkBackground_)
        return;
    darkBackground_ = dark;
    paintImage();
    emit darkBackgroundChanged();
}

size_t HeatmapItem::firstPosition() const { return std::min(size_t(from_), lastPosition()); }

double HeatmapItem::xOf(size_t position) const
{
    if (!model_ || model_->series().rows() == 0)
        return 0.0;
    return model_->series().column(0)[std::min(position, model_->series().rows() - 1)];
}

double HeatmapItem::valueAt(int group, int column) const
{
    if (group < 0 || column < 0 || size_t(group) >= matrix_.groups || size_t(column) >= matrix_.columns())
        return std::numeric_limits<double>::quiet_NaN();
    return matrix_.at(size_t(group), size_t(column));
}

QString HeatmapItem::describeAt(qreal x, qreal y) const
{
    if (!model_ || matrix_.columns() == 0 || width() <= 0 || height() <= 0 || x < 0 || y < 0)
        return {};
    const size_t column = std::min(size_t(x / width() * double(matrix_.columns())), matrix_.columns() - 1);
    const int rows = shownRows();
    const size_t row = std::min(size_t(y / height() * double(rows)), size_t(rows - 1));
    // The node whose value the row shows; a row of several nodes says so.
    const size_t group = hottestGroup(row, column);
    const size_t first = size_t(firstGroupOfRow(int(row))), count = size_t(firstGroupOfRow(int(row) + 1)) - first;
    const auto& layout = model_->layout();
    const MetricInfo info = model_->groupValueInfo();
    const size_t position = matrix_.positions[column];
    const QString where = run_ ? run_->xText(int(position)) : QString::number(position);
    QString text = QStringLiteral("%1 · %2\n%3 · %4: %5 %6")
                       .arg(QString::fromStdString(layout.groups[group].name),
                            QString::fromStdString(layout.categories[layout.groups[group].category]), where,
                            QString::fromStdString(info.label))
                       .arg(double(matrix_.at(group, column)), 0, 'f', 3)
                       .arg(QString::fromStdString(info.unit));
    if (count > 1) {
        const RunWords words = model_->words();
        text += QStringLiteral("\nthe highest of %1 %2 in this row of pixels (%3 … %4)")
                    .arg(count)
                    .arg(QString::fromStdString(words.groups), QString::fromStdString(layout.groups[first].name),
                         QString::fromStdString(layout.groups[first + count - 1].name));
    }
    return text;
}

void HeatmapItem::geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry)
{
    TextureImageItem::geometryChange(newGeometry, oldGeometry);
    if (newGeometry.size() != oldGeometry.size())
        emit bandsChanged();
    // A row per pixel of height at most: another height may mean other rows.
    if (std::floor(newGeometry.height()) != std::floor(oldGeometry.height()) && ready()
        && image().height() != shownRows())
        paintImage();
    if (newGeometry.width() != oldGeometry.width())
        emit cursorPixelChanged();
}

}  // namespace tessera::views
