#pragma once

#include "items/LatestResult.h"
#include "items/TextureImageItem.h"
#include "run/GroupValueMatrix.h"
#include "run/RunHandle.h"

#include <QPointer>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <memory>

namespace tessera::views {

// Groups (nodes, in layout order so grouped by GPU model) × x bins of a run's per-group value
// (for pods: each node's expected fragmentation), on the viridis scale of the exported charts.
// The bins are linear in x (time or arrived %), as the charts beside it and the exported
// heatmap (FragmentationHeatmap::sampleOverX): each shows the state at its centre. The matrix
// is sampled off the GUI thread whenever the run, the range or the column count change, and
// drawn as one texture with one texel per (bin, node) scaled to the item. The timeline cursor
// is not drawn here: QML puts a cheap line at cursorPixel, which follows the cursor, the range,
// the run and the item's width (a position read once through xForPosition would not).
class HeatmapItem : public TextureImageItem {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(tessera::views::RunHandle* run READ run WRITE setRun NOTIFY runChanged)
    Q_PROPERTY(int columns READ columns WRITE setColumns NOTIFY columnsChanged)
    Q_PROPERTY(int from READ from WRITE setFrom NOTIFY rangeChanged)
    // The last position shown; -1 means the run's last step.
    Q_PROPERTY(int to READ to WRITE setTo NOTIFY rangeChanged)
    Q_PROPERTY(bool busy READ busy NOTIFY busyChanged)
    // Why the values could not be computed (the run kind's code threw), or empty.
    Q_PROPERTY(QString error READ error NOTIFY errorChanged)
    Q_PROPERTY(bool ready READ ready NOTIFY matrixChanged)
    Q_PROPERTY(double legendMin READ legendMin NOTIFY matrixChanged)
    // The top of the colour scale: scaleMax when set (> 0), else this run's own (naturalMax).
    // Heatmaps shown together set one scaleMax, so that one colour means one value in all.
    Q_PROPERTY(double legendMax READ legendMax NOTIFY scaleChanged)
    Q_PROPERTY(double naturalMax READ naturalMax NOTIFY matrixChanged)
    Q_PROPERTY(double scaleMax READ scaleMax WRITE setScaleMax NOTIFY scaleChanged)
    // The timeline cursor as a position of this run (-1: none), and where it is drawn: its
    // pixel on the item's x axis, NaN when there is none or it lies outside the range.
    Q_PROPERTY(int cursor READ cursor WRITE setCursor NOTIFY cursorPixelChanged)
    Q_PROPERTY(qreal cursorPixel READ cursorPixel NOTIFY cursorPixelChanged)
    Q_PROPERTY(QString legendLabel READ legendLabel NOTIFY runChanged)
    // {label, y, height, nodes, labelY, labelHeight} per GPU model, in item coordinates. Every
    // group is named, as in the export (PanelPainter, LabelStack): labelY is the centre of its
    // label, on the band's middle unless a thin band's neighbours push it off (then QML draws a
    // leader to the band); labelHeight is bandLabelHeight, or less when not all fit.
    Q_PROPERTY(QVariantList bands READ bands NOTIFY bandsChanged)
    Q_PROPERTY(qreal bandLabelHeight READ bandLabelHeight WRITE setBandLabelHeight NOTIFY bandsChanged)
    // Colours on the occupancy grid's scale (ChartColors::occupancy): more is darker on a light
    // background, brighter on a dark one, as a busy GPU is on the grid.
    Q_PROPERTY(bool darkBackground READ darkBackground WRITE setDarkBackground NOTIFY darkBackgroundChanged)
    // The colour of a cell whose value is 0 (a full node has no fragmentation left): the
    // occupancy grid's empty cell (ChartColors::heatCell), off the ramp, which draws only values
    // above 0; the legend keys it beside the ramp.
    Q_PROPERTY(QColor emptyColor READ emptyColor NOTIFY darkBackgroundChanged)

public:
    explicit HeatmapItem(QQuickItem* parent = nullptr);
    ~HeatmapItem() override;

    RunHandle* run() const { return run_; }
    void setRun(RunHandle* run);
    int columns() const { return columns_; }
    void setColumns(int columns);
    int from() const { return from_; }
    void setFrom(int from);
    int to() const { return to_; }
    void setTo(int to);
    bool busy() const { return job_.busy(); }
    QString error() const { return error_; }
    bool ready() const { return matrix_.columns() > 0; }
    double legendMin() const { return 0.0; }
    double legendMax() const { return scaleMax_ > 0 ? scaleMax_ : naturalMax_; }
    double naturalMax() const { return naturalMax_; }
    double scaleMax() const { return scaleMax_; }
    void setScaleMax(double max);
    int cursor() const { return cursor_; }
    void setCursor(int position);
    qreal cursorPixel() const;
    QString legendLabel() const;
    QVariantList bands() const;
    qreal bandLabelHeight() const { return bandLabelHeight_; }
    void setBandLabelHeight(qreal height);
    bool darkBackground() const { return darkBackground_; }
    void setDarkBackground(bool dark);
    QColor emptyColor() const;

    // The colour of a value at `share` of the legend's range [legendMin, legendMax].
    Q_INVOKABLE QColor colorAt(qreal share) const;
    // The node, the sampled position and the value under a point, or "".
    Q_INVOKABLE QString describeAt(qreal x, qreal y) const;
    // The sampled value of one group in one column (for tests and tooltips), NaN outside.
    Q_INVOKABLE double valueAt(int group, int column) const;
    Q_INVOKABLE int sampledColumns() const { return int(matrix_.columns()); }
    // Level of detail: the texture has a row per pixel of height at most (never more rows than
    // the item shows), each the maximum of its groups, so that a hot node among 20,000 is not
    // dropped by scaling. shownRows is that row count, shownValueAt the value a row shows in a
    // column (NaN outside), and firstGroupOfRow the first group a row draws (the next row's is
    // where it ends); describeAt names the very node whose value a row shows.
    Q_INVOKABLE int shownRows() const;
    Q_INVOKABLE double shownValueAt(int row, int column) const;
    Q_INVOKABLE int firstGroupOfRow(int row) const;
    // The colour drawn for a row in a column (invalid outside): the ramp's for a value above 0,
    // emptyColor for 0.
    Q_INVOKABLE QColor shownColorAt(int row, int column) const;

signals:
    void runChanged();
    void columnsChanged();
    void rangeChanged();
    void busyChanged();
    void errorChanged();
    void matrixChanged();
    void scaleChanged();
    void bandsChanged();
    void cursorPixelChanged();
    void darkBackgroundChanged();

protected:
    void geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry) override;

private:
    // Sets one of the sampling parameters and resamples when that changed it.
    void setSamplingParameter(int& parameter, int value, void (HeatmapItem::*notify)());
    void resample();
    void setMatrix(GroupValueMatrix matrix);
    void setError(const QString& error);
    void paintImage();
    // The group of [firstGroupOfRow(row), firstGroupOfRow(row + 1)) with the largest value in a
    // column (the first such): the one a row shows.
    size_t hottestGroup(size_t row, size_t column) const;
    size_t firstPosition() const;
    size_t lastPosition() const;
    double xOf(size_t position) const;

    QPointer<RunHandle> run_;
    std::shared_ptr<const Run> model_;
    int columns_ = 400;
    int from_ = 0;
    int to_ = -1;
    GroupValueMatrix matrix_;
    double naturalMax_ = 1.0;
    double scaleMax_ = 0.0;
    int cursor_ = -1;
    qreal bandLabelHeight_ = 14;
    bool darkBackground_ = false;
    QString error_;
    LatestResult<GroupValueMatrix> job_;
};

}  // namespace tessera::views
