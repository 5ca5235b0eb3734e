#include "chart/ChartRenderer.h"

#include "chart/ChartError.h"
#include "chart/WholeFile.h"
#include "chart/PanelPainter.h"

#include <QBuffer>
#include <QFileInfo>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>

namespace tessera::chart {

namespace {

// Paint devices' logical pixels are CSS pixels: 96 per inch.
constexpr int kDotsPerInch = 96;

QString titleOf(const QList<ChartSpec>& panels)
{
    return panels.isEmpty() ? QStringLiteral("Tessera chart") : panels.first().title;
}

}  // namespace

double ChartRenderer::fontPixelSize(const QSizeF& page)
{
    // About 1/70 of the smaller side, judged on a 16:10 frame, so 1600x1000 gets 14 px: a page
    // of four panels still leaves each plot room, and a single chart reads as they do.
    const double side = std::min(page.width() / 1.6, page.height());
    return std::clamp(side / 70.0, 9.0, 48.0);
}

void ChartRenderer::paint(QPainter& painter, const QRectF& area, const ChartSpec& spec, const ChartTheme& theme)
{
    paint(painter, area, QList<ChartSpec>{spec}, theme);
}

QList<QRectF> ChartRenderer::paint(QPainter& painter, const QRectF& area, const QList<ChartSpec>& panels,
                                   const ChartTheme& theme, double fontPixels, Arrangement arrangement)
{
    QList<QRectF> plots;
    if (panels.isEmpty()) {
        painter.fillRect(area, theme.background);
        return plots;
    }
    // The text size of the whole page, whatever its number of panels, so that panels and charts
    // of one size read alike.
    const double font = fontPixels > 0 ? fontPixels : fontPixelSize(area.size());
    const bool stacked = arrangement == Arrangement::Stacked;
    const double n = double(panels.size());
    const auto strip = [&](int i) {
        return stacked ? QRectF(area.left(), area.top() + i * area.height() / n, area.width(), area.height() / n)
                       : QRectF(area.left() + i * area.width() / n, area.top(), area.width() / n, area.height());
    };
    // Stacked, every plot as wide as the narrowest one: the panels' x axes line up, whatever the
    // width of each one's y labels or colour bar. Side by side, every plot's top as low as the
    // lowest: their y axes span the same height, whatever each one's title and legend.
    PanelPainter::Gutters widest;
    for (int i = 0; i < panels.size(); ++i) {
        const PanelPainter::Gutters g = PanelPainter(painter, panels[i], theme, font).gutters(strip(i));
        widest.left = std::max(widest.left, g.left);
        widest.right = std::max(widest.right, g.right);
        widest.top = std::max(widest.top, g.top);
    }
    const PanelPainter::Gutters shared =
        stacked ? PanelPainter::Gutters{widest.left, widest.right, 0} : PanelPainter::Gutters{0, 0, widest.top};
    for (int i = 0; i < panels.size(); ++i)
        plots << PanelPainter(painter, panels[i], theme, font).paint(strip(i), shared);
    return plots;
}

QByteArray ChartRenderer::render(const QList<ChartSpec>& panels, ChartFormat format, QSize size,
                                 const ChartTheme& theme, Arrangement arrangement)
{
    if (size.width() < 64 || size.height() < 64 || size.width() > 16384 || size.height() > 16384)
        throw ChartError(QStringLiteral("chart size %1x%2 is outside 64-16384 pixels a side")
                             .arg(size.width())
                             .arg(size.height()));
    const QRectF area(QPointF(0, 0), QSizeF(size));
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    switch (format) {
    case ChartFormat::Png: {
        QImage image(size, QImage::Format_ARGB32_Premultiplied);
        image.setDotsPerMeterX(int(std::lround(kDotsPerInch / 0.0254)));
        image.setDotsPerMeterY(int(std::lround(kDotsPerInch / 0.0254)));
        image.fill(theme.background);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::TextAntialiasing);
        paint(painter, area, panels, theme, 0, arrangement);
        painter.end();
        image.save(&buffer, "PNG");
        break;
    }
    case ChartFormat::Svg: {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setResolution(kDotsPerInch);
        svg.setTitle(titleOf(panels));
        svg.setDescription(QStringLiteral("Drawn by Tessera"));
        QPainter painter(&svg);
        paint(painter, area, panels, theme, 0, arrangement);
        painter.end();
        break;
    }
    case ChartFormat::Pdf: {
        QPdfWriter pdf(&buffer);
        pdf.setResolution(kDotsPerInch);
        pdf.setPageSize(QPageSize(QSizeF(size) * 72.0 / kDotsPerInch, QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setTitle(titleOf(panels));
        pdf.setCreator(QStringLiteral("Tessera"));
        QPainter painter(&pdf);
        paint(painter, QRectF(QPointF(0, 0), QSizeF(pdf.width(), pdf.height())), panels, theme, 0, arrangement);
        painter.end();
        break;
    }
    }
    return bytes;
}

void ChartRenderer::save(const ChartSpec& spec, const QString& path, ChartFormat format, QSize size,
                         const ChartTheme& theme)
{
    save(QList<ChartSpec>{spec}, path, format, size, theme);
}

void ChartRenderer::save(const QList<ChartSpec>& panels, const QString& path, ChartFormat format, QSize size,
                         const ChartTheme& theme, Arrangement arrangement)
{
    const QByteArray bytes = render(panels, format, size, theme, arrangement);
    writeWholeFile(path, bytes);
}

}  // namespace tessera::chart
