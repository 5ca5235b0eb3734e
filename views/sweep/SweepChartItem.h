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
// painter (ChartRenderer), so the chart saved as SVG, PDF or PNG is the one on screen. A
// second metric adds a panel under the first, on the same x axis (SweepChartPanels): power
// saved and allocation against the PWR weight in one figure.
class SweepChartItem : public QQuickPaintedItem {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(tessera::views::SweepBrowser* browser READ browser WRITE setBrowser NOTIFY inputsChanged)
    Q_PROPERTY(QString xParameter READ xParameter WRITE setXParameter NOTIFY inputsChanged)
    Q_PROPERTY(QString metric READ metric WRITE setMetric NOTIFY inputsChanged)
    // The metric of a second panel under the first ("": none).
    Q_PROPERTY(QString secondMetric READ secondMetric WRITE setSecondMetric NOTIFY inputsChanged)
    // Whether the min–max bands are drawn (off: the means alone, where bands of several groups overlap).
    Q_PROPERTY(bool bands READ bands WRITE setBands NOTIFY inputsChanged)
    Q_PROPERTY(bool dark READ dark WRITE setDark NOTIFY inputsChanged)
    // Why nothing is drawn, in words; empty while drawn.
    Q_PROPERTY(QString emptyText READ emptyText NOTIFY chartChanged)
    // [{group, color, points: [{x, mean, min, max, runs}]}] of the first metric, as drawn.
    Q_PROPERTY(QVariantList curves READ curves NOTIFY chartChanged)
    // The legend's note on what line and band are.
    Q_PROPERTY(QString bandNote READ bandNote NOTIFY chartChanged)
    // The panels' titles, top to bottom, and the figure's subtitle (the filters, line and band).
    Q_PROPERTY(QStringList panelTitles READ panelTitles NOTIFY chartChanged)
    Q_PROPERTY(QString subtitle READ subtitle NOTIFY chartChanged)

public:
    explicit SweepChartItem(QQuickItem* parent = nullptr);

    SweepBrowser* browser() const { return browser_; }
    void setBrowser(SweepBrowser* browser);
    QString xParameter() const { return xParameter_; }
    void setXParameter(const QString& id);
    QString metric() const { return metric_; }
    void setMetric(const QString& id);
    QString secondMetric() const { return secondMetric_; }
    void setSecondMetric(const QString& id);
    bool bands() const { return bands_; }
    void setBands(bool bands);
    bool dark() const { return dark_; }
    void setDark(bool dark);
    QString emptyText() const { return emptyText_; }
    QVariantList curves() const { return curveList_; }
    QString bandNote() const { return bandNote_; }
    QStringList panelTitles() const;
    QString subtitle() const { return panels_.isEmpty() ? QString() : panels_.first().subtitle; }

    // Saves the chart as the file's suffix says (svg, pdf, png) at `width` x `height` pixels
    // (a page of that shape for PDF); returns the error, empty when saved.
    Q_INVOKABLE QString exportTo(const QString& path, int width = 1600, int height = 1000) const;

    void paint(QPainter* painter) override;

signals:
    void inputsChanged();
    void chartChanged();

private:
    void rebuild();
    // The browser's filters in words, for the subtitle (SweepChartPanels::filterText).
    QString filterText() const;

    QPointer<SweepBrowser> browser_;
    QString xParameter_;
    QString metric_ = QStringLiteral("powerSaved");
    QString secondMetric_;
    bool bands_ = true;
    bool dark_ = false;
    QList<chart::ChartSpec> panels_;
    QVariantList curveList_;
    QString emptyText_;
    QString bandNote_;
};

}  // namespace tessera::views
