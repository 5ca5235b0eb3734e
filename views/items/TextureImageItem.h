#pragma once

#include <QImage>
#include <QQuickItem>
#include <QtQml/qqmlregistration.h>

namespace tessera::views {

// A QQuickItem that shows one QImage as a texture, one texel per pixel with nearest filtering,
// so that cells stay crisp when scaled. The texture is uploaded again only when the image
// changed, not on every frame, and a simple-texture node renders under the software scene
// graph too. Subclasses paint the image and call imageChanged().
class TextureImageItem : public QQuickItem {
    Q_OBJECT
    QML_ANONYMOUS

public:
    // Where the image is drawn: scaled over the whole item, or at its own size from the top left.
    enum class Fit { StretchToItem, ImageSize };

    explicit TextureImageItem(Fit fit, QQuickItem* parent = nullptr);
    ~TextureImageItem() override;

protected:
    // The image to paint into; call imageChanged() once it is painted.
    QImage& image() { return image_; }
    const QImage& image() const { return image_; }
    // Marks the texture stale and schedules a frame that uploads it.
    void imageChanged();

    QSGNode* updatePaintNode(QSGNode* old, UpdatePaintNodeData* data) override;
    void geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry) override;

private:
    QRectF targetRect() const;

    Fit fit_;
    QImage image_;
    bool imageDirty_ = true;
};

}  // namespace tessera::views
