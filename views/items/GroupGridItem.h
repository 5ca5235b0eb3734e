#pragma once

#include "items/RunViewItem.h"

#include <QColor>
#include <QtQml/qqmlregistration.h>

#include <memory>

namespace tessera::views {

// A run's groups (nodes) drawn as a grid that wraps to the item's width, read through the run's
// cursor at the timeline position: what OccupancyItem (a cell per GPU) and SliceItem (a tile of
// slots per GPU) share. It holds the cursor, fits the cell size to a height, keeps the hover
// text and the selected group (chosen by a click, described by the cursor), the empty and the
// selection colour, and lays the grid out again when the width changes. Subclasses name the
// cell size and its bounds as they are known in QML and draw the grid.
class GroupGridItem : public RunViewItem {
    Q_OBJECT
    QML_ANONYMOUS
    // While > 0, the cell size is the largest within [minimum, maximum] whose grid fits in
    // this height (the smallest if none does); else as set.
    Q_PROPERTY(int fitHeight READ fitHeight WRITE setFitHeight NOTIFY fitChanged)
    Q_PROPERTY(int selectedGroup READ selectedGroup WRITE setSelectedGroup NOTIFY selectedGroupChanged)
    Q_PROPERTY(QString selectedGroupText READ selectedGroupText NOTIFY selectedGroupTextChanged)

public:
    // The largest cell: a small cluster (64 training GPUs) fills a 2560 px view with cells this
    // big, as a pod cluster of thousands fills it with small ones.
    static constexpr int kLargestCell = 128;
    // A subclass's cell sizes in pixels: the smallest it accepts (every size is clamped to
    // [smallest, kLargestCell]), then the initial fixed, minimum and maximum size, and the height of a
    // band's label.
    struct CellSizes {
        int smallest;
        int fixed;
        int min;
        int max;
        int labelHeight;
    };

    GroupGridItem(const CellSizes& sizes, const QColor& empty, const QColor& selection, QQuickItem* parent);
    ~GroupGridItem() override;

    int fitHeight() const { return fitHeight_; }
    void setFitHeight(int height);
    int selectedGroup() const { return selectedGroup_; }
    void setSelectedGroup(int group);
    QString selectedGroupText() const { return selectedGroupText_; }
    QString hoverText() const { return hoverText_; }
    QColor emptyColor() const { return emptyColor_; }
    QColor selectionColor() const { return selectionColor_; }

signals:
    void fitChanged();
    void selectedGroupChanged();
    void selectedGroupTextChanged();
    void bandsChanged();

protected:
    RunCursor* cursor() const { return cursor_.get(); }

    // The cell size: the one fitted (or set), as set, and the bounds of fitting.
    int fittedSize() const { return size_; }
    int minSize() const { return minSize_; }
    int maxSize() const { return maxSize_; }
    int labelHeight() const { return labelHeight_; }
    void setFixedSize(int size);
    void setMinSize(int size);  // emits fitChanged
    void setMaxSize(int size);  // emits fitChanged
    // These return whether the value changed; the subclass emits its own signal then.
    bool replaceLabelHeight(int height);
    bool replaceEmptyColor(const QColor& color);
    bool replaceSelectionColor(const QColor& color);
    void storeHoverText(const QString& text) { hoverText_ = text; }

    // Lays the grid out for the width and the fitted size, and paints it.
    void relayout();
    // Reads the run at position() again (readCursor), when there is a cursor.
    void readAtPosition();

    // Whether the run has a grid of this kind to draw.
    virtual bool hasGrid() const = 0;
    // The largest size in [smallest, largest] whose grid fits fitHeight() at `width`.
    virtual int fittingSize(int width, int smallest, int largest) const = 0;
    // Lays the grid out at `size` for the item's width and returns its height.
    virtual int layOut(int size) = 0;
    virtual void clearLayout() = 0;
    virtual void fittedSizeChanged() = 0;
    // Paints what depends on the layout and the empty colour, then the rest (repaintImage).
    virtual void paintLayout() = 0;
    // Paints what changes with the position, the selection and the selection colour.
    virtual void repaintImage() = 0;
    // The cursor is at position(): read what is drawn there.
    virtual void readCursor() = 0;
    // A new run: reset the subclass's own state (before the layout), and announce it after
    // runChanged.
    virtual void forgetRun() = 0;
    virtual void announceRun() = 0;
    // The mouse is at `point` ((-1, -1) when it left); the group a click at `point` selects.
    virtual void hoverAt(QPoint point) = 0;
    virtual int groupAt(QPoint point) const = 0;

    void runReplaced() override;
    void runAnnounced() override;
    void positionMoved() override;
    void geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry) override;
    void hoverMoveEvent(QHoverEvent* event) override;
    void hoverLeaveEvent(QHoverEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    void updateSelectedGroupText();
    int clampSize(int size) const;
    // Sets one of the fitting values (fitHeight, the bounds) and lays out again if it changed.
    void replaceFitValue(int& field, int value);

    std::unique_ptr<RunCursor> cursor_;
    int smallest_;
    int size_;
    int fixedSize_;  // as set; size_ differs while fitting
    int fitHeight_ = 0;
    int minSize_;
    int maxSize_;
    int labelHeight_;
    QColor emptyColor_;
    QColor selectionColor_;
    QString hoverText_;
    int selectedGroup_ = -1;
    QString selectedGroupText_;
};

}  // namespace tessera::views
