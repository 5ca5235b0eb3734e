#pragma once

#include "items/RunViewItem.h"

#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <memory>

namespace tessera::views {

// A Gantt chart of a run's intervals (Run::intervals): a lane per name, a bar per interval in
// the colour of its category (CategoryColors), an x axis in the run's own x (column 0 of its
// series, with its unit), and the timeline position as a line; bars that start after it are
// drawn faint. Hover a bar for its label, lane and extent. Painted into one image of the item's
// size, again only when the size, the run, the position or the hover changes.
class GanttItem : public RunViewItem {
    Q_OBJECT
    QML_ELEMENT
    // run and position: RunViewItem.
    Q_PROPERTY(bool available READ available NOTIFY runChanged)
    Q_PROPERTY(int intervalCount READ intervalCount NOTIFY runChanged)
    // {name, color} per category, for the legend.
    Q_PROPERTY(QVariantList categories READ categories NOTIFY runChanged)
    Q_PROPERTY(int laneHeight READ laneHeight WRITE setLaneHeight NOTIFY laneHeightChanged)
    Q_PROPERTY(QColor textColor READ textColor WRITE setTextColor NOTIFY colorsChanged)
    Q_PROPERTY(QColor gridColor READ gridColor WRITE setGridColor NOTIFY colorsChanged)
    Q_PROPERTY(QColor cursorColor READ cursorColor WRITE setCursorColor NOTIFY colorsChanged)
    Q_PROPERTY(int hoveredInterval READ hoveredInterval NOTIFY hoverChanged)
    Q_PROPERTY(QRectF hoveredRect READ hoveredRect NOTIFY hoverChanged)
    Q_PROPERTY(QString hoverText READ hoverText NOTIFY hoverChanged)

public:
    explicit GanttItem(QQuickItem* parent = nullptr);
    ~GanttItem() override;

    bool available() const { return model() && !model()->intervals().empty(); }
    int intervalCount() const { return model() ? int(model()->intervals().intervals.size()) : 0; }
    QVariantList categories() const;
    int laneHeight() const { return laneHeight_; }
    void setLaneHeight(int height);
    QColor textColor() const { return textColor_; }
    void setTextColor(const QColor& color);
    QColor gridColor() const { return gridColor_; }
    void setGridColor(const QColor& color);
    QColor cursorColor() const { return cursorColor_; }
    void setCursorColor(const QColor& color);
    int hoveredInterval() const { return hoveredInterval_; }
    QRectF hoveredRect() const { return hoveredRect_; }
    QString hoverText() const { return hoverText_; }

    // The pixel column of run x `x`, and the rectangle of interval `index` (empty if none).
    Q_INVOKABLE qreal pixelOfX(double x) const;
    Q_INVOKABLE QRectF intervalRect(int index) const;
    Q_INVOKABLE int intervalAt(qreal x, qreal y) const;
    Q_INVOKABLE QString describeInterval(int index) const;

signals:
    void laneHeightChanged();
    void colorsChanged();
    void hoverChanged();

protected:
    void runReplaced() override;
    void runAnnounced() override { emit hoverChanged(); }
    void positionMoved() override { repaint(); }
    void geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry) override;
    void hoverMoveEvent(QHoverEvent* event) override;
    void hoverLeaveEvent(QHoverEvent* event) override;

private:
    struct Frame {
        QRectF plot;  // the lanes' area
        double xMin = 0, xMax = 1;
    };
    Frame frame() const;
    double cursorX() const;
    QString xText(double x) const;
    void repaint();
    // Sets one of the colours and paints again if it changed.
    void replaceColor(QColor& field, const QColor& color);
    void setHovered(int index);

    int laneHeight_ = 24;
    QColor textColor_{0x20, 0x20, 0x20};
    QColor gridColor_{0xd0, 0xd0, 0xd0};
    QColor cursorColor_{0xff, 0x2d, 0x00};
    int hoveredInterval_ = -1;
    QRectF hoveredRect_;
    QString hoverText_;
    int labelWidth_ = 0;  // the lane names' column, measured on the last repaint's font
};

}  // namespace tessera::views
