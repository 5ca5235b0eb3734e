#pragma once

#include <QObject>
#include <QPointer>
#include <QQuickWindow>
#include <QtQml/qqmlregistration.h>

class QQuickItem;

namespace tessera::views {

// The window's keys belong to the timeline (Space, arrows, Home, End) unless the user is
// typing. A text field (TextField, an editable SpinBox or ComboBox, TextArea) that has the
// keyboard keeps the keys only while it is being used: Esc, Enter/Return and any press outside
// it give them back to the window. One rule for every field of the window, its dialogs included,
// instead of each field remembering to let go.
class FocusReturn : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QQuickWindow* window READ window WRITE setWindow NOTIFY windowChanged)

public:
    explicit FocusReturn(QObject* parent = nullptr);

    QQuickWindow* window() const { return window_; }
    void setWindow(QQuickWindow* window);

    // The item that has the keys when it is a text field, else null.
    static QQuickItem* typingItem(QQuickWindow* window);
    // Takes the keys from a typing `item`: they go to its focus scope (the window, or the
    // dialog it sits in), where no field claims them.
    static void release(QQuickItem* item);

signals:
    void windowChanged();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QPointer<QQuickWindow> window_;
};

}  // namespace tessera::views
