#include "window/FocusReturn.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPointer>
#include <QQuickItem>

namespace tessera::views {

FocusReturn::FocusReturn(QObject* parent) : QObject(parent) {}

void FocusReturn::setWindow(QQuickWindow* window)
{
    if (window == window_)
        return;
    if (window_)
        window_->removeEventFilter(this);
    window_ = window;
    if (window_)
        window_->installEventFilter(this);
    emit windowChanged();
}

QQuickItem* FocusReturn::typingItem(QQuickWindow* window)
{
    QQuickItem* item = window ? window->activeFocusItem() : nullptr;
    if (!item)
        return nullptr;
    // TextField and TextArea are these; SpinBox and ComboBox edit through one as content item.
    return item->inherits("QQuickTextInput") || item->inherits("QQuickTextEdit") ? item : nullptr;
}

void FocusReturn::release(QQuickItem* item)
{
    if (!item || !item->hasActiveFocus() || !item->window())
        return;
    // The keys go to the popup the field is in (so that Esc still closes it), else to the
    // window. Focus is cleared in every scope between (a SpinBox or a ListView is a scope of
    // its own), or the popup or window would hand it straight back to the field.
    QQuickItem* home = item->window()->contentItem();
    for (QQuickItem* up = item->parentItem(); up; up = up->parentItem())
        if (up->inherits("QQuickPopupItem")) {
            home = up;
            break;
        }
    for (QQuickItem* up = item; up && up != home; up = up->parentItem())
        if (up->hasFocus())
            up->setFocus(false);
    if (!home->hasActiveFocus())
        home->forceActiveFocus(Qt::OtherFocusReason);
}

bool FocusReturn::eventFilter(QObject* watched, QEvent* event)
{
    if (watched != window_)
        return false;
    switch (event->type()) {
    case QEvent::MouseButtonPress: {
        // Before the press is delivered: whatever it lands on may take the keys itself (another
        // field does); anything else leaves them with the window.
        QQuickItem* field = typingItem(window_);
        if (!field)
            break;
        const QPointF at = field->mapFromScene(static_cast<QMouseEvent*>(event)->scenePosition());
        if (!field->contains(at))
            release(field);
        break;
    }
    case QEvent::KeyPress: {
        QQuickItem* field = typingItem(window_);
        if (!field)
            break;
        const int key = static_cast<QKeyEvent*>(event)->key();
        if (key == Qt::Key_Escape) {
            // Released first, then delivered: a dialog around the field still closes on Esc.
            release(field);
        } else if (key == Qt::Key_Return || key == Qt::Key_Enter) {
            // Delivered first, so the field accepts its text, then released.
            QPointer<QQuickItem> guard(field);
            QMetaObject::invokeMethod(
                this, [guard] { release(guard.data()); }, Qt::QueuedConnection);
        }
        break;
    }
    default:
        break;
    }
    return false;
}

}  // namespace tessera::views
