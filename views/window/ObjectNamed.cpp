#include "window/ObjectNamed.h"

#include <QQuickItem>
#include <QQuickWindow>

namespace tessera::views {

QQuickItem* itemNamed(QQuickItem* root, const QString& name)
{
    if (!root)
        return nullptr;
    if (root->objectName() == name)
        return root;
    for (QQuickItem* child : root->childItems())
        if (QQuickItem* found = itemNamed(child, name))
            return found;
    return nullptr;
}

QObject* objectNamed(QQuickWindow* window, const QString& name)
{
    if (!window)
        return nullptr;
    if (QObject* found = window->findChild<QObject*>(name))
        return found;
    return itemNamed(window->contentItem(), name);
}

}  // namespace tessera::views
