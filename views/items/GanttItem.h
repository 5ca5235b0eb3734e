#pragma once

#include "items/RunViewItem.h"

#include <QList>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <memory>
#include <vector>

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
    // Behind the x axis where it is pinned over the lanes (visibleBottom).
    Q_PROPERTY(QColor backgroundColor READ backgroundColor WRITE setBackgroundColor NOTIFY colorsChanged)
    // The bottom of the part of the item on screen, in its own coordinates (a Flickable's
    // contentY + height); negative: all of it is. The x axis stays there, over the lanes
    // scrolled under it, like a table's header, so that a bar's time can always be read.
    Q_PROPERTY(qreal visibleBottom READ visibleBottom WRITE setVisibleBottom NOTIFY visibleBottomChanged)
    // Where the x axis (tick labels and title) starts, in the item's coordinates (notified with
    // visibleBottom, and when the lanes change).
    Q_PROPERTY(qreal axisTop READ axisTop NOTIFY visibleBottomChanged)
    Q_PROPERTY(int hoveredInterval READ hoveredInterval NOTIFY hoverChanged)
    Q_PROPERTY(QRectF hoveredRect READ hoveredRect NOTIFY hoverChanged)
    Q_PROPERTY(QString hoverText READ hoverText NOTIFY hoverChanged)
    // Whether bars are parts of subjects (RunIntervals::subjects: a training job's bars).
    Q_PROPERTY(bool hasSubjects READ hasSubjects NOTIFY runChanged)
    // Bars in their subject's colour (each job its own) rather than their category's (class).
    Q_PROPERTY(bool colorBySubject READ colorBySubject WRITE setColorBySubject NOTIFY legendChanged)
    // The selected subject (a click on one of its bars; -1: none): its bars outlined, the
    // others faint, and its spans listed.
    Q_PROPERTY(int selectedSubject READ selectedSubject WRITE setSelectedSubject NOTIFY selectionChanged)
    Q_PROPERTY(QString selectedDetails READ selectedDetails NOTIFY selectionChanged)
    // {text, fromX, toX, current (the cursor is in it), past} per span of the selected subject.
    Q_PROPERTY(QVariantList selectedSpans READ selectedSpans NOTIFY selectionChanged)
    // What the colours mean: the categories, or when coloured by subject the subjects whose bars
    // the cursor crosses ({name, color}).
    Q_PROPERTY(QVariantList legend READ legend NOTIFY legendChanged)

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
    QColor backgroundColor() const { return backgroundColor_; }
    void setBackgroundColor(const QColor& color);
    qreal visibleBottom() const { return visibleBottom_; }
    void setVisibleBottom(qreal bottom);
    qreal axisTop() const;
    int hoveredInterval() const { return hoveredInterval_; }
    QRectF hoveredRect() const { return hoveredRect_; }
    QString hoverText() const { return hoverText_; }
    bool hasSubjects() const { return model() && !model()->intervals().subjects.empty(); }
    bool colorBySubject() const { return colorBySubject_; }
    void setColorBySubject(bool bySubject);
    int selectedSubject() const { return selectedSubject_; }
    void setSelectedSubject(int subject);
    QString selectedDetails() const;
    QVariantList selectedSpans() const;
    QVariantList legend() const;

    // The pixel column of run x `x`, and the rectangle of interval `index` (empty if none).
    Q_INVOKABLE qreal pixelOfX(double x) const;
    // The lanes that begin another group (node) than the lane above: a separator is drawn over
    // each (RunIntervals::laneGroup).
    QList<int> groupStarts() const;
    // The x ticks drawn at the current width: as dense as their labels allow (NiceTicks::spaced).
    std::vector<double> xTicks() const;
    Q_INVOKABLE QRectF intervalRect(int index) const;
    Q_INVOKABLE int intervalAt(qreal x, qreal y) const;
    Q_INVOKABLE QString describeInterval(int index) const;
    // The subject of the bar under (x, y), -1 for none or no subject.
    Q_INVOKABLE int subjectAt(qreal x, qreal y) const;
    // The subject's name ("job 80"), empty for none.
    Q_INVOKABLE QString subjectName(int subject) const;

signals:
    void laneHeightChanged();
    void visibleBottomChanged();
    void colorsChanged();
    void hoverChanged();
    void legendChanged();
    void selectionChanged();

protected:
    void runReplaced() override;
    void runAnnounced() override { emit hoverChanged(); }
    void positionMoved() override;
    void mousePressEvent(QMouseEvent* event) override;
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
    QColor colorOf(const RunInterval& interval) const;

    int laneHeight_ = 24;
    QColor textColor_{0x20, 0x20, 0x20};
    QColor gridColor_{0xd0, 0xd0, 0xd0};
    QColor cursorColor_{0xff, 0x2d, 0x00};
    QColor backgroundColor_{Qt::white};
    qreal visibleBottom_ = -1;
    int hoveredInterval_ = -1;
    QRectF hoveredRect_;
    QString hoverText_;
    bool colorBySubject_ = false;
    int selectedSubject_ = -1;
    int labelWidth_ = 0;  // the lane names' column, measured on the last repaint's font
};

}  // namespace tessera::views
