#pragma once

#include "SweepBrowser.h"

#include "chart/ChartSpec.h"

#include <QPointer>
#include <QQuickPaintedItem>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

namespace tessera::views {

// A metric of a sweep's runs against a swept parameter (SweepBrowser::curves): a line per
// group through the mean at each value, a band from min to max, painted by the export's
// painter (ChartRenderer), so the chart saved as SVG, PDF or PNG is the one on screen.
class SweepChartItem : public QQuickPaintedItem {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(tessera::views::SweepBrowser* browser READ browser WRITE setBrowser NOTIFY inputsChanged)
    Q_PROPERTY(QString xParameter READ xParameter WRITE setXParameter NOTIFY inputsChanged)
    Q_PROPERTY(QString metric READ metric WRITE setMetric NOTIFY inputsChanged)
    Q_PROPERTY(bool dark READ dark WRITE setDark NOTIFY inputsChanged)
    // Why nothing is drawn, in words; empty while drawn.
    Q_PROPERTY(QString emptyText READ emptyText NOTIFY chartChanged)
    // [{group, color, points: [{x, mean, min, max, runs}]}], as drawn.
    Q_PROPERTY(QVariantList curves READ curves NOTIFY chartChanged)
    // The legend's note on what line and band are.
    Q_PROPERTY(QString bandNote READ bandNote NOTIFY chartChanged)

public:
    explicit SweepChartItem(QQuickItem* parent = nullptr);

    SweepBrowser* browser() const { return browser_; }
    void setBrowser(SweepBrowser* browser);
    QString xParameter() const { return xParameter_; }
    void setXParameter(const QString& id);
    QString metric() const { return metric_; }
    void setMetric(const QString& id);
    bool dark() const { return dark_; }
    void setDark(bool dark);
    QString emptyText() const { return emptyText_; }
    QVariantList curves() const { return curveList_; }
    QString bandNote() const { return bandNote_; }

    // Saves the chart as the file's suffix says (svg, pdf, png) at `width` x `height` pixels
    // (a page of that shape for PDF); returns the error, empty when saved.
    Q_INVOKABLE QString exportTo(const QString& path, int width = 1600, int height = 1000) const;

    void paint(QPainter* painter) override;

signals:
    void inputsChanged();
    void chartChanged();

private:
    void rebuild();

    QPointer<SweepBrowser> browser_;
    QString xParameter_;
    QString metric_ = QStringLiteral("powerSaved");
    bool dark_ = false;
    chart::ChartSpec spec_;
    QVariantList curveList_;
    QString emptyText_;
    QString bandNote_;
};

}  // namespace tessera::views
