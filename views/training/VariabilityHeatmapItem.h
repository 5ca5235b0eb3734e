#pragma once

#include "chart/training/TrainingVariability.h"
#include "run/RunHandle.h"

#include <QPointer>
#include <QQuickPaintedItem>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

namespace tessera::views {

// A training-placement run's per-GPU variability for one class (ClassVariability, as the
// exported "variability" chart): a cell per GPU, a row per node, filled by PerfVar on the
// sequential scale inside a ring in its slowdown bin's colour (set apart from the fill by the
// background), labelled with the value when the cells are large enough. The legends (scale and bins) are QML's, from the properties here.
class VariabilityHeatmapItem : public QQuickPaintedItem {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(tessera::views::RunHandle* run READ run WRITE setRun NOTIFY changed)
    Q_PROPERTY(int classIndex READ classIndex WRITE setClassIndex NOTIFY changed)
    Q_PROPERTY(QColor textColor READ textColor WRITE setTextColor NOTIFY changed)
    // Between the cells and between each bin ring and its fill.
    Q_PROPERTY(QColor backgroundColor READ backgroundColor WRITE setBackgroundColor NOTIFY changed)
    // "class A", … : the classes the run has (none for another kind).
    // Its own signal, sent only when the list differs: a class menu's model, which must not be
    // reset when only the class or the run changes.
    Q_PROPERTY(QStringList classNames READ classNames NOTIFY classNamesChanged)
    Q_PROPERTY(int gpuCount READ gpuCount NOTIFY changed)
    // Why the run has nothing to draw (ClassVariability::missing), naming the run; empty when it has.
    Q_PROPERTY(QString missing READ missing NOTIFY changed)
    Q_PROPERTY(double minimum READ minimum NOTIFY changed)
    Q_PROPERTY(double maximum READ maximum NOTIFY changed)
    // The colour scale's top (ClassVariability::scaleMax) and how many GPUs are above it.
    Q_PROPERTY(double scaleMaximum READ scaleMaximum NOTIFY changed)
    Q_PROPERTY(int outliers READ outliers NOTIFY changed)
    // Per bin, ascending sf: {text ("sf 1.020 · 20 GPUs"), color, gpus, sf}.
    Q_PROPERTY(QVariantList bins READ bins NOTIFY changed)

public:
    explicit VariabilityHeatmapItem(QQuickItem* parent = nullptr);

    RunHandle* run() const { return run_; }
    void setRun(RunHandle* run);
    int classIndex() const { return classIndex_; }
    void setClassIndex(int index);
    QColor textColor() const { return textColor_; }
    void setTextColor(const QColor& color);
    QColor backgroundColor() const { return backgroundColor_; }
    void setBackgroundColor(const QColor& color);
    QStringList classNames() const { return classNames_; }
    int gpuCount() const { return int(data_.perfVar.size()); }
    QString missing() const { return missing_; }
    double minimum() const { return data_.min; }
    double maximum() const { return data_.max; }
    double scaleMaximum() const { return data_.scaleMax; }
    int outliers() const { return data_.outliers; }
    QVariantList bins() const;

    // The scale's colour at t in [0, 1], for the QML legend.
    Q_INVOKABLE QColor colorAt(double t) const;
    // A PerfVar or sf as every part of the tab shows it (ClassVariability::scoreText).
    Q_INVOKABLE QString scoreText(double value) const;
    // The GPU under (x, y), -1 for none.
    Q_INVOKABLE int gpuAt(double x, double y) const;
    // "node 3 · GPU 13: PerfVar 1.043× (class A), in the bin of sf 1.020"
    Q_INVOKABLE QString describeGpu(int gpu) const;

    // Where a GPU's cell paints its bin ring, the background inside it and its PerfVar fill
    // (each rectangle drawn over the one before); ring and gap are null in cells too small for
    // a ring.
    struct Cell {
        QRectF ring, gap, fill;
    };
    Cell cellParts(int node, int column) const;

    void paint(QPainter* painter) override;

signals:
    void changed();
    void classNamesChanged();

private:
    struct Geometry {
        double left = 0, top = 0, cell = 0;
    };
    Geometry geometry() const;
    // The colour the run is drawn in (its bins are shades of it).
    QColor runColor() const;
    void reload();

    QPointer<RunHandle> run_;
    int classIndex_ = 0;
    QColor textColor_ = Qt::black;
    QColor backgroundColor_ = Qt::white;
    QStringList classNames_;
    chart::ClassVariability data_;
    QString missing_;
};

}  // namespace tessera::views
