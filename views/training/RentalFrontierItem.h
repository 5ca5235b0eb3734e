#pragma once

#include "chart/ChartSpec.h"
#include "chart/rental/FrontierChart.h"
#include "run/RunHandle.h"
#include "runs/RunManager.h"
#include "tasks/BackgroundTask.h"

#include <QPointer>
#include <QQuickPaintedItem>
#include <QVariant>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

#include <memory>
#include <optional>
#include <vector>

namespace tessera::views {

// The renting kind's cost-vs-JCT frontier in the app (issue 14, item 6): the exported chart
// (FrontierChart) of the current run and every open run on the same workload, painted by the
// export's painter, with the sweep in the background (progress, cancel; the points cached per
// inputs, policy, budget and seed), hover on any point, and a click that shows a marked run or
// runs (or reopens) the clicked budget through the RunManager.
class RentalFrontierItem : public QQuickPaintedItem {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(tessera::views::RunManager* runs READ runs WRITE setRuns NOTIFY inputsChanged)
    Q_PROPERTY(tessera::views::RunHandle* run READ run WRITE setRun NOTIFY inputsChanged)
    Q_PROPERTY(bool dark READ dark WRITE setDark NOTIFY inputsChanged)
    // The user's JCT axis: true log, false linear, null (the default) log when the JCTs span
    // more than a decade (FrontierChart::kLogJctSpan). logJctShown: what is drawn.
    Q_PROPERTY(QVariant logJct READ logJct WRITE setLogJct NOTIFY logJctChanged)
    Q_PROPERTY(bool logJctShown READ logJctShown NOTIFY chartChanged)
    Q_PROPERTY(bool busy READ busy NOTIFY busyChanged)
    Q_PROPERTY(double progress READ progress NOTIFY progressChanged)
    // What the sweep is doing or did ("Sweeping BOA and Autoscale over 14 budgets", "cancelled").
    Q_PROPERTY(QString status READ status NOTIFY chartChanged)
    // Why nothing is drawn, in words; empty while drawn.
    Q_PROPERTY(QString emptyText READ emptyText NOTIFY chartChanged)
    Q_PROPERTY(int curveCount READ curveCount NOTIFY chartChanged)
    Q_PROPERTY(int markCount READ markCount NOTIFY chartChanged)
    // Every point that can be hovered and clicked: the curves' points, then the marks.
    Q_PROPERTY(int pointCount READ pointCount NOTIFY chartChanged)
    // The sweep holds every point it plans (not cancelled, not under way).
    Q_PROPERTY(bool complete READ complete NOTIFY chartChanged)
    Q_PROPERTY(int hoveredIndex READ hoveredIndex NOTIFY hoverChanged)
    Q_PROPERTY(QString hoverText READ hoverText NOTIFY hoverChanged)
    Q_PROPERTY(QPointF hoverPosition READ hoverPosition NOTIFY hoverChanged)

public:
    explicit RentalFrontierItem(QQuickItem* parent = nullptr);

    RunManager* runs() const { return runs_; }
    void setRuns(RunManager* runs);
    RunHandle* run() const { return run_; }
    void setRun(RunHandle* run);
    bool dark() const { return dark_; }
    void setDark(bool dark);
    QVariant logJct() const;
    void setLogJct(const QVariant& value);
    bool logJctShown() const { return spec_.y.logarithmic; }
    bool busy() const { return task_.busy(); }
    double progress() const { return task_.progress(); }
    QString status() const { return status_; }
    QString emptyText() const { return emptyText_; }
    int curveCount() const { return int(curves_.size()); }
    int markCount() const { return int(marks_.size()); }
    int pointCount() const { return int(picks_.size()); }
    bool complete() const { return complete_; }
    int hoveredIndex() const { return hovered_; }
    QString hoverText() const;
    QPointF hoverPosition() const { return hovered_ >= 0 ? pixelOf(hovered_) : QPointF(); }

    // Stops the sweep; the points done so far stay drawn and cached.
    Q_INVOKABLE void cancel();
    // Sweeps what is missing (after a cancel: resumes).
    Q_INVOKABLE void refresh();
    // The point within a few pixels of (x, y), nearest first; -1 for none.
    Q_INVOKABLE int pointNear(double x, double y) const;
    // Where point `index` is drawn, in the item's pixels.
    Q_INVOKABLE QPointF pixelOf(int index) const;
    // Point `index`: {policy, budget, meanJctH, averageRented, gpuHours, withinBudget, run
    // (the marked or open run it is, or null), mark (bool)}.
    Q_INVOKABLE QVariantMap point(int index) const;
    // A mark or a point that an open run already is: runChosen. Otherwise the policy at the
    // budget is requested from the RunManager, which reopens it when the study holds it.
    // False (RunManager.error says why) when the request fails.
    Q_INVOKABLE bool choose(int index);

    void paint(QPainter* painter) override;

signals:
    void inputsChanged();
    void busyChanged();
    void progressChanged();
    void chartChanged();
    void hoverChanged();
    void logJctChanged();
    // Show this open run.
    void runChosen(tessera::views::RunHandle* run);

protected:
    void geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry) override;
    void hoverEnterEvent(QHoverEvent* event) override;
    void hoverMoveEvent(QHoverEvent* event) override;
    void hoverLeaveEvent(QHoverEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    // One hoverable point.
    struct Pick {
        std::string policy;
        RentalFrontierPoint point;
        QPointer<RunHandle> run;  // a mark's run
        bool mark = false;
    };
    // Collects the marks and the plan, draws what the cache holds, and sweeps the rest.
    void rebuild();
    // The spec from curves_ and marks_, and the picks and plot rectangle for it.
    void rebuildSpec();
    void layoutPlot();
    void setHovered(int index);
    // The open run that is `policy` at `budget` from the start on these inputs, or null.
    RunHandle* openRunAt(const std::string& policy, double budget) const;
    const TrainingRentalRun* liveRun(RunHandle* handle) const;

    QPointer<RunManager> runs_;
    QPointer<RunHandle> run_;
    bool dark_ = false;
    std::optional<bool> logJct_;
    BackgroundTask task_;
    std::shared_ptr<const TrainingRentalInputs> inputs_;
    std::vector<std::shared_ptr<const Run>> held_;  // keeps the marks' runs alive
    std::vector<chart::FrontierMark> marks_;
    std::vector<QPointer<RunHandle>> markHandles_;
    chart::FrontierSweepPlan plan_;
    std::vector<chart::FrontierCurve> curves_;
    chart::ChartSpec spec_;
    std::vector<Pick> picks_;
    QRectF plot_;
    QString status_;
    QString emptyText_;
    bool complete_ = false;
    chart::FrontierSweepPlan sweeping_;  // what the task sweeps while busy
    bool findingFloor_ = false;          // the task finds the floor budget (no plan yet)
    bool cancelledBeforePlan_ = false;   // cancelled while finding the floor: the plan is not known
    bool cancelled_ = false;             // the user stopped the sweep of cancelledPlan_
    chart::FrontierSweepPlan cancelledPlan_;
    int hovered_ = -1;
    int pressed_ = -1;
};

}  // namespace tessera::views
