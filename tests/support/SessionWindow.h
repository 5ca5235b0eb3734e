#pragma once

// The real main window, driven by a scripted session test (tests/app/): loads Main.qml, finds
// objects by name, clicks items, shoots the window at 1280x800 and 2560x1440 into
// <build>/screenshots/, and collects QML's warnings (a view that fails to load, a TypeError in a
// binding, a binding loop: each a defect of some screen). Objects are found as the app's scripted
// start finds them (views::objectNamed).

#include <QDir>
#include <QImage>
#include <QQmlApplicationEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <QStringList>
#include <QTest>
#include <QVariantMap>

#include "window/ObjectNamed.h"

#include <functional>
#include <memory>

namespace tessera::test {

class SessionWindow {
public:
    // Installs the warning watcher and loads the main window at 1280x800, with the window's
    // `initialProperties` (as the app sets "scripted"). Check window() after.
    explicit SessionWindow(QString screenshotPrefix, const QVariantMap& initialProperties = {})
        : prefix_(std::move(screenshotPrefix))
    {
        passOn() = qInstallMessageHandler(&SessionWindow::watch);
        engine_ = std::make_unique<QQmlApplicationEngine>();
        engine_->addImportPath(QStringLiteral("qrc:/"));
        engine_->setInitialProperties(initialProperties);
        engine_->load(QUrl(QStringLiteral("qrc:/Tessera/Main.qml")));
        if (!engine_->rootObjects().isEmpty())
            window_ = qobject_cast<QQuickWindow*>(engine_->rootObjects().first());
        if (window_)
            window_->resize(1280, 800);
    }
    ~SessionWindow()
    {
        engine_.reset();
        qInstallMessageHandler(passOn());
    }
    SessionWindow(const SessionWindow&) = delete;
    SessionWindow& operator=(const SessionWindow&) = delete;

    QQuickWindow* window() const { return window_; }
    static QStringList& warnings()
    {
        static QStringList list;
        return list;
    }

    // The first start as a user sees it: the window shown, the run of the bundled trace it
    // starts made, the run manager idle and the first-start hint dismissed. A step that does not
    // happen is a failure of the calling test (check QTest::currentTestFailed()).
    void waitForFirstStart() const
    {
        QVERIFY(window_);
        QVERIFY(QTest::qWaitForWindowExposed(window_));
        QObject* runs = find(QStringLiteral("runManager"));
        QVERIFY(runs);
        QTRY_VERIFY_WITH_TIMEOUT(window_->property("currentRun").value<QObject*>() != nullptr, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(!runs->property("busy").toBool(), 60000);
        dismissHint();
    }
    // Presses the first-start hint's "Got it" when it is shown.
    void dismissHint() const
    {
        if (auto* gotIt = item(QStringLiteral("dismissHintButton")); gotIt && gotIt->isVisible())
            click(gotIt);
    }

    // The object or item called `name`, or nullptr.
    QObject* find(const QString& name) const { return views::objectNamed(window_, name); }
    QQuickItem* item(const QString& name) const { return qobject_cast<QQuickItem*>(find(name)); }
    void click(QQuickItem* item) const
    {
        QTest::mouseClick(window_, Qt::LeftButton, {},
                          item->mapToScene(QPointF(item->width() / 2, item->height() / 2)).toPoint());
    }
    // The texts of the views' tabs (the tab bar above the views), left to right.
    QStringList tabTexts() const { return tabTexts(window_); }
    static QStringList tabTexts(QQuickWindow* window_)
    {
        QStringList texts;
        std::function<void(QQuickItem*)> walk = [&](QQuickItem* item) {
            if (item->inherits("QQuickTabButton") && item->isVisible()) {
                const QRectF r = item->mapRectToScene(QRectF(0, 0, item->width(), item->height()));
                // Only the view tabs: right of the side panel (its Trace/Run/Library tabs are left).
                if (r.left() > window_->width() * 0.25)
                    texts << item->property("text").toString();
            }
            for (QQuickItem* child : item->childItems())
                walk(child);
        };
        walk(window_->contentItem());
        return texts;
    }
    // <build>/screenshots/<prefix>-<name>.png and -2560.png; returns the 1280x800 image.
    QImage shoot(const QString& name) const
    {
        const QString dir = QStringLiteral(TESSERA_BUILD_DIR "/screenshots");
        QDir().mkpath(dir);
        QImage small;
        for (const QSize size : {QSize(2560, 1440), QSize(1280, 800)}) {
            window_->resize(size);
            QTest::qWait(400);  // let the layouts, the scene graph and the charts catch up
            const QImage image = window_->grabWindow();
            image.save(QStringLiteral("%1/%2-%3%4.png")
                           .arg(dir, prefix_, name, size.width() == 1280 ? QString() : QStringLiteral("-2560")));
            if (size.width() == 1280)
                small = image;
        }
        return small;
    }

private:
    static QtMessageHandler& passOn()
    {
        static QtMessageHandler handler = nullptr;
        return handler;
    }
    static void watch(QtMsgType type, const QMessageLogContext& context, const QString& message)
    {
        if (type == QtWarningMsg
            && (message.contains(QStringLiteral("qrc:/")) || message.contains(QStringLiteral("Binding loop"))))
            warnings() << message;
        if (passOn())
            passOn()(type, context, message);
    }

    QString prefix_;
    std::unique_ptr<QQmlApplicationEngine> engine_;
    QQuickWindow* window_ = nullptr;
};

}  // namespace tessera::test
