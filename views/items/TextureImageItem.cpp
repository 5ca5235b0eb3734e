#include "items/TextureImageItem.h"

#include <QQuickWindow>
#include <QSGSimpleTextureNode>

namespace tessera::views {

TextureImageItem::TextureImageItem(Fit fit, QQuickItem* parent) : QQuickItem(parent), fit_(fit)
{
    setFlag(ItemHasContents);
}

TextureImageItem::~TextureImageItem() = default;

void TextureImageItem::imageChanged()
{
    imageDirty_ = true;
    update();
}

QRectF TextureImageItem::targetRect() const
{
    return fit_ == Fit::StretchToItem ? boundingRect() : QRectF(image_.rect());
}

void TextureImageItem::geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry)
{
    QQuickItem::geometryChange(newGeometry, oldGeometry);
    // A stretched image follows the item's size; the texture itself stays as it is.
    if (fit_ == Fit::StretchToItem && newGeometry.size() != oldGeometry.size())
        update();
}

QSGNode* TextureImageItem::updatePaintNode(QSGNode* old, UpdatePaintNodeData*)
{
    auto* node = static_cast<QSGSimpleTextureNode*>(old);
    const QRectF target = targetRect();
    if (image_.isNull() || !window() || target.isEmpty()) {
        delete node;
        return nullptr;
    }
    if (!node) {
        node = new QSGSimpleTextureNode;
        node->setOwnsTexture(true);
        node->setFiltering(QSGTexture::Nearest);
        imageDirty_ = true;
    }
    if (imageDirty_) {
        node->setTexture(window()->createTextureFromImage(image_));
        imageDirty_ = false;
    }
    node->setRect(target);
    return node;
}

}  // namespace tessera::views
