#pragma once

// A window for tests of custom items drawn without QML: a plain background to tell drawn pixels
// from, shown and settled before a grab.

#include <QColor>
#include <QQuickWindow>
#include <QTest>

#include <memory>

namespace tessera::test {

inline const QColor kItemBackground(0xfa, 0xfa, 0xfa);

inline std::unique_ptr<QQuickWindow> makeItemWindow(QSize size)
{
    auto window = std::make_unique<QQuickWindow>();
    window->resize(size);
    window->setColor(kItemBackground);
    return window;
}

inline bool showAndSettle(QQuickWindow& window)
{
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return false;
    QTest::qWait(50);
    return true;
}

}  // namespace tessera::test
