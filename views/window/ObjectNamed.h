#pragma once

#include <QString>

class QObject;
class QQuickItem;
class QQuickWindow;

namespace tessera::views {

// The item called `name` at or below `root` in the visual tree, depth first, or nullptr. A
// Repeater's delegates and a Loader's items are children in the visual tree only, so
// QObject::findChild does not see them.
QQuickItem* itemNamed(QQuickItem* root, const QString& name);

// The object called `name` in `window`: a QObject child (a model, the run manager) first, else
// an item of its visual tree; nullptr when there is none. How the scripted start (--view, --open)
// and the session tests find the window's parts by objectName.
QObject* objectNamed(QQuickWindow* window, const QString& name);

}  // namespace tessera::views
