#include "theme/ThemePalette.h"

#include "chart/ChartRenderer.h"

#include <QEvent>
#include <QGuiApplication>
#include <QPalette>

namespace tessera::views {

ThemePalette::ThemePalette(QObject* parent) : QObject(parent)
{
    if (qApp)
        qApp->installEventFilter(this);
}

bool ThemePalette::dark() const { return window().lightnessF() < 0.5; }
QColor ThemePalette::window() const { return QGuiApplication::palette().color(QPalette::Window); }
QColor ThemePalette::text() const { return QGuiApplication::palette().color(QPalette::WindowText); }
QColor ThemePalette::mid() const { return QGuiApplication::palette().color(QPalette::Mid); }
QColor ThemePalette::accent() const { return QGuiApplication::palette().color(QPalette::Highlight); }

int ThemePalette::chartFontPixels() { return int(chart::ChartRenderer::kScreenFontPixels); }

bool ThemePalette::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == qApp && event->type() == QEvent::ApplicationPaletteChange)
        emit changed();
    return QObject::eventFilter(watched, event);
}

}  // namespace tessera::views
