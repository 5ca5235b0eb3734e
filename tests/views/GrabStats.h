#pragma once

// Pixel statistics of a grabbed window, to tell a drawn view from a blank one, and the place
// where view tests save their screenshots for review (the test's build folder).

#include <QDir>
#include <QImage>
#include <QSet>
#include <QString>

namespace tessera::test {

struct GrabStats {
    int distinctColors = 0;
    double foregroundShare = 0.0;  // share of pixels that differ from `background`
};

inline GrabStats grabStats(const QImage& image, QRgb background)
{
    GrabStats stats;
    QSet<QRgb> colors;
    qint64 foreground = 0;
    const QImage img = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < img.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(img.constScanLine(y));
        for (int x = 0; x < img.width(); ++x) {
            colors.insert(line[x] | 0xff000000u);
            foreground += (line[x] | 0xff000000u) != (background | 0xff000000u);
        }
    }
    stats.distinctColors = int(colors.size());
    stats.foregroundShare = img.isNull() ? 0.0 : double(foreground) / double(qint64(img.width()) * img.height());
    return stats;
}

inline QString screenshotPath(const QString& name)
{
    QDir().mkpath("screenshots");
    return QDir("screenshots").absoluteFilePath(name + ".png");
}

}  // namespace tessera::test
