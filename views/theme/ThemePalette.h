#pragma once

#include <QColor>
#include <QObject>
#include <QtQml/qqmlregistration.h>

namespace tessera::views {

// The system's light or dark look, for QML. Qt 6.4 has no colour-scheme API, so the scheme is
// read from the application palette's window lightness and re-read when the palette changes.
class ThemePalette : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(bool dark READ dark NOTIFY changed)
    Q_PROPERTY(QColor window READ window NOTIFY changed)
    Q_PROPERTY(QColor text READ text NOTIFY changed)
    Q_PROPERTY(QColor mid READ mid NOTIFY changed)
    Q_PROPERTY(QColor accent READ accent NOTIFY changed)
    // The text size of every chart on screen (chart::ChartRenderer::kScreenFontPixels).
    Q_PROPERTY(int chartFontPixels READ chartFontPixels CONSTANT)

public:
    explicit ThemePalette(QObject* parent = nullptr);

    bool dark() const;
    QColor window() const;
    QColor text() const;
    QColor mid() const;
    QColor accent() const;
    static int chartFontPixels();

signals:
    void changed();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};

}  // namespace tessera::views
