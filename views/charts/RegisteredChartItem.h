#pragma once

#include "chart/ChartSpec.h"
#include "run/RunHandle.h"

#include <QPointer>
#include <QQuickPaintedItem>
#include <QVariant>
#include <QtQml/qqmlregistration.h>

#include <optional>

namespace tessera::views {

// One registered chart (ChartRegistry) of a run and, when set, a second run, painted in the app
// by the painter of the exported files: for charts that are not series over the run's x axis
// (a JCT CDF), so that the tab and its SVG, PDF or PNG are one drawing, not two.
class RegisteredChartItem : public QQuickPaintedItem {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(tessera::views::RunHandle* run READ run WRITE setRun NOTIFY chartChanged)
    Q_PROPERTY(tessera::views::RunHandle* otherRun READ otherRun WRITE setOtherRun NOTIFY chartChanged)
    Q_PROPERTY(QString chartId READ chartId WRITE setChartId NOTIFY chartChanged)
    Q_PROPERTY(bool dark READ dark WRITE setDark NOTIFY chartChanged)
    // The x axis's scale where the chart offers both (RunChartOptions::logarithmicX): true,
    // false, or undefined for the chart's own choice.
    Q_PROPERTY(QVariant logarithmicX READ logarithmicX WRITE setLogarithmicX NOTIFY chartChanged)
    // Whether the drawn chart's x axis is logarithmic (its first panel's).
    Q_PROPERTY(bool xLogarithmic READ xLogarithmic NOTIFY chartChanged)
    // How many panels the chart drew (0: no run, or nothing to draw): for tests and a hint.
    Q_PROPERTY(int panelCount READ panelCount NOTIFY chartChanged)
    // Draw the run that explains the run's decisions (RunHandle::explaining): a run reopened from
    // a study made again from its recipe, as the decision inspector shows it; redrawn when it is.
    Q_PROPERTY(bool explaining READ explaining WRITE setExplaining NOTIFY chartChanged)
    // Why nothing is drawn, in words ("No run", "… has no chart …"); empty while drawn.
    Q_PROPERTY(QString emptyText READ emptyText NOTIFY chartChanged)

public:
    explicit RegisteredChartItem(QQuickItem* parent = nullptr);

    RunHandle* run() const { return run_; }
    void setRun(RunHandle* run);
    RunHandle* otherRun() const { return otherRun_; }
    void setOtherRun(RunHandle* run);
    QString chartId() const { return chartId_; }
    void setChartId(const QString& id);
    bool dark() const { return dark_; }
    void setDark(bool dark);
    bool explaining() const { return explaining_; }
    void setExplaining(bool explaining);
    QVariant logarithmicX() const;
    void setLogarithmicX(const QVariant& logarithmic);
    bool xLogarithmic() const { return !panels_.isEmpty() && panels_.front().x.logarithmic; }
    int panelCount() const { return int(panels_.size()); }
    QString emptyText() const { return emptyText_; }

    void paint(QPainter* painter) override;

signals:
    void chartChanged();

private:
    void rebuild();

    QPointer<RunHandle> run_;
    QPointer<RunHandle> otherRun_;
    QString chartId_;
    bool dark_ = false;
    bool explaining_ = false;
    QMetaObject::Connection decisionsChanged_;
    std::optional<bool> logarithmicX_;
    QList<chart::ChartSpec> panels_;
    QString emptyText_;
};

}  // namespace tessera::views
