#include "training/RentalFrontierItem.h"

#include "chart/ChartColors.h"
#include "chart/ChartRenderer.h"
#include "chart/PanelPainter.h"
#include "training/rental-kind/TrainingRentalKind.h"

#include <QCursor>
#include <QHoverEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPicture>

#include <cmath>
#include <limits>

namespace tessera::views {

namespace {

// How far from a point a hover or click still takes it, in pixels.
constexpr double kPickPixels = 12;

QString gpus(double v) { return QString::number(v, 'g', 4); }

}  // namespace

RentalFrontierItem::RentalFrontierItem(QQuickItem* parent) : QQuickPaintedItem(parent)
{
    setAntialiasing(true);
    setAcceptHoverEvents(true);
    setAcceptedMouseButtons(Qt::LeftButton);
    connect(&task_, &BackgroundTask::busyChanged, this, &RentalFrontierItem::busyChanged);
    connect(&task_, &BackgroundTask::progressChanged, this, &RentalFrontierItem::progressChanged);
    connect(&task_, &BackgroundTask::failed, this, [this](const QString& message) {
        status_ = tr("The sweep failed: %1").arg(message);
        emit chartChanged();
    });
    rebuild();
}

void RentalFrontierItem::setRuns(RunManager* runs)
{
    if (runs == runs_)
        return;
    if (runs_)
        disconnect(runs_, nullptr, this, nullptr);
    runs_ = runs;
    if (runs_) {
        // Runs opened or closed change the marks and the policies swept.
        connect(runs_, &QAbstractItemModel::rowsInserted, this, &RentalFrontierItem::rebuild);
        connect(runs_, &QAbstractItemModel::rowsRemoved, this, &RentalFrontierItem::rebuild);
        connect(runs_, &QAbstractItemModel::dataChanged, this, &RentalFrontierItem::rebuild);
    }
    emit inputsChanged();
    rebuild();
}

void RentalFrontierItem::setRun(RunHandle* run)
{
    if (run == run_)
        return;
    run_ = run;
    emit inputsChanged();
    rebuild();
}

QVariant RentalFrontierItem::logJct() const { return logJct_ ? QVariant(*logJct_) : QVariant(); }

void RentalFrontierItem::setLogJct(const QVariant& value)
{
    const std::optional<bool> chosen = value.isValid() && !value.isNull() ? std::optional<bool>(value.toBool()) : std::nullopt;
    if (chosen == logJct_)
        return;
    logJct_ = chosen;
    emit logJctChanged();
    rebuildSpec();
}

void RentalFrontierItem::setDark(bool dark)
{
    if (dark == dark_)
        return;
    dark_ = dark;
    emit inputsChanged();
    update();
}

const TrainingRentalRun* RentalFrontierItem::liveRun(RunHandle* handle) const
{
    // A reopened run is swept through the run its recipe makes again (its decisions).
    return handle ? dynamic_cast<const TrainingRentalRun*>(handle->explaining().get()) : nullptr;
}

void RentalFrontierItem::rebuild()
{
    marks_.clear();
    markHandles_.clear();
    held_.clear();
    inputs_.reset();
    emptyText_.clear();
    const TrainingRentalRun* current = liveRun(run_);
    if (!run_) {
        emptyText_ = tr("No run: open a job file and run a policy.");
    } else if (!current) {
        if (run_->kind() == QString::fromLatin1(TrainingRentalRun::kKind)) {
            emptyText_ = run_->decisionsProblem().isEmpty()
                             ? tr("Making the reopened run again from its inputs, to sweep its budgets…")
                             : run_->decisionsProblem();
            connect(run_, &RunHandle::decisionsChanged, this, &RentalFrontierItem::rebuild, Qt::UniqueConnection);
            run_->requestDecisions();
        } else {
            emptyText_ = tr("The frontier is of runs on rented GPUs.");
        }
    } else {
        inputs_ = current->inputsPointer();
        const std::string key = RentalFrontier::inputsKey(inputs_);
        const auto addMark = [&](RunHandle* handle) {
            const TrainingRentalRun* live = liveRun(handle);
            if (!live || RentalFrontier::inputsKey(live->inputsPointer()) != key)
                return;  // another workload's run has another frontier
            held_.push_back(handle->explaining());
            marks_.push_back({live, handle->name(), handle == run_});
            markHandles_.push_back(handle);
        };
        // In the open runs' order whichever is current, so that each run keeps its mark's shape.
        bool listed = false;
        if (runs_)
            for (int i = 0; i < runs_->count(); ++i)
                listed = listed || runs_->runAt(i) == run_;
        if (!listed)
            addMark(run_);
        if (runs_)
            for (int i = 0; i < runs_->count(); ++i)
                if (RunHandle* handle = runs_->runAt(i))
                    addMark(handle);
    }
    std::optional<chart::FrontierSweepPlan> plan;
    if (inputs_)
        plan = chart::FrontierChart::cachedPlan(inputs_, marks_);
    if (inputs_ && !plan) {
        // The sweep's budgets start at the floor, a whole fixed:1 run: made in the background too.
        curves_.clear();
        complete_ = false;
        status_ = cancelled_ ? tr("Sweep cancelled before its budgets were known (Resume sweeps them)")
                             : tr("Finding the least budget these jobs can keep to (every job on one GPU)…");
        if (!cancelled_ && !(task_.busy() && findingFloor_)) {
            findingFloor_ = true;
            task_.start([this, inputs = inputs_](const ProgressCallback&) -> BackgroundTask::Delivery {
                RentalFrontier::floorBudget(inputs);  // into the cache
                return [this] {
                    findingFloor_ = false;
                    rebuild();
                };
            });
        }
    } else if (inputs_) {
        findingFloor_ = false;
        plan_ = *plan;
        size_t missing = 0;
        curves_ = chart::FrontierChart::cachedCurves(inputs_, plan_, missing);
        complete_ = missing == 0;
        QStringList names;
        for (const std::string& p : plan_.policies)
            names << chart::FrontierChart::policyName(p);
        status_ = complete_ ? tr("%1 over %2 budgets").arg(names.join(QStringLiteral(", "))).arg(plan_.budgets.size())
                            : tr("Sweeping %1 over %2 budgets: %3 runs to go")
                                  .arg(names.join(QStringLiteral(", ")))
                                  .arg(plan_.budgets.size())
                                  .arg(missing);
        if (cancelled_ && cancelledBeforePlan_) {
            cancelledPlan_ = plan_;  // cancelled while the floor was found: this is that sweep
            cancelledBeforePlan_ = false;
        }
        if (cancelled_ && !(plan_ == cancelledPlan_))
            cancelled_ = false;  // other runs, another sweep
        if (!complete_ && cancelled_) {
            status_ = tr("Sweep cancelled: %1 runs not made (Resume sweeps them)").arg(missing);
        } else if (!complete_ && !(task_.busy() && plan_ == sweeping_)) {
            const auto inputs = inputs_;
            sweeping_ = plan_;
            task_.start([this, inputs, plan = plan_](const ProgressCallback& progress) -> BackgroundTask::Delivery {
                chart::FrontierChart::curves(inputs, plan, progress);  // into the cache
                return [this] { rebuild(); };
            });
        } else if (complete_ && task_.busy()) {
            task_.cancel();  // a sweep for runs no longer open
        }
    } else {
        curves_.clear();
        complete_ = false;
        status_.clear();
        if (task_.busy())
            task_.cancel();
    }
    rebuildSpec();
}

void RentalFrontierItem::rebuildSpec()
{
    picks_.clear();
    spec_ = {};
    if (inputs_) {
        spec_ = chart::FrontierChart::spec(curves_, marks_, QString::fromStdString(inputs_->traceName()), logJct_);
        for (const chart::FrontierCurve& c : curves_)
            for (const RentalFrontierPoint& p : c.points)
                if (p.withinBudget)  // as the chart draws them
                    picks_.push_back({c.policy, p, nullptr, false});
        for (size_t i = 0; i < marks_.size(); ++i)
            picks_.push_back({marks_[i].run->info().policy, chart::FrontierChart::pointOf(*marks_[i].run),
                              markHandles_[i], true});
    }
    setHovered(-1);
    layoutPlot();
    emit chartChanged();
    update();
}

void RentalFrontierItem::layoutPlot()
{
    plot_ = {};
    if (!inputs_ || width() < 64 || height() < 64)
        return;
    // The renderer's layout for this size, painted nowhere: where the points will be.
    QPicture nowhere;
    QPainter painter(&nowhere);
    const QList<QRectF> plots = chart::ChartRenderer::paintOnScreen(painter, boundingRect(), QList<chart::ChartSpec>{spec_},
                                                                    chart::ChartColors::lightTheme());
    painter.end();
    if (!plots.isEmpty())
        plot_ = plots.front();
}

void RentalFrontierItem::geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry)
{
    QQuickPaintedItem::geometryChange(newGeometry, oldGeometry);
    if (newGeometry.size() != oldGeometry.size())
        layoutPlot();
}

QPointF RentalFrontierItem::pixelOf(int index) const
{
    if (index < 0 || index >= int(picks_.size()) || plot_.isEmpty() || !spec_.x.min || !spec_.x.max || !spec_.y.min
        || !spec_.y.max)
        return {};
    const RentalFrontierPoint& p = picks_[size_t(index)].point;
    // Placed as the painter places it (a logarithmic JCT axis included).
    const double fx =
        chart::PanelPainter::axisFraction(spec_.x, chart::FrontierChart::pointX(p), *spec_.x.min, *spec_.x.max);
    const double fy = chart::PanelPainter::axisFraction(spec_.y, p.meanJctS / 3600, *spec_.y.min, *spec_.y.max);
    return {plot_.left() + fx * plot_.width(), plot_.bottom() - fy * plot_.height()};
}

int RentalFrontierItem::pointNear(double x, double y) const
{
    int best = -1;
    double bestDistance = kPickPixels;
    // Marks last in the list and preferred: a run over the sweep point it sits on.
    for (int i = int(picks_.size()) - 1; i >= 0; --i) {
        const QPointF at = pixelOf(i);
        if (at.isNull())
            continue;
        const double d = std::hypot(at.x() - x, at.y() - y);
        if (d < bestDistance - 1e-9) {
            best = i;
            bestDistance = d;
        }
    }
    return best;
}

RunHandle* RentalFrontierItem::openRunAt(const std::string& policy, double budget) const
{
    if (!runs_ || !inputs_)
        return nullptr;
    const std::string key = RentalFrontier::inputsKey(inputs_);
    for (int i = 0; i < runs_->count(); ++i) {
        RunHandle* handle = runs_->runAt(i);
        const TrainingRentalRun* live = liveRun(handle);
        if (live && live->phases().size() == 1 && live->info().policy == policy && live->budget() == budget
            && live->info().seed == plan_.seed && RentalFrontier::inputsKey(live->inputsPointer()) == key)
            return handle;
    }
    return nullptr;
}

QVariantMap RentalFrontierItem::point(int index) const
{
    if (index < 0 || index >= int(picks_.size()))
        return {};
    const Pick& pick = picks_[size_t(index)];
    RunHandle* run = pick.mark ? pick.run.data() : openRunAt(pick.policy, pick.point.budget);
    return {{QStringLiteral("policy"), QString::fromStdString(pick.policy)},
            {QStringLiteral("budget"), pick.point.budget},
            {QStringLiteral("meanJctH"), pick.point.meanJctS / 3600},
            {QStringLiteral("averageRented"), pick.point.averageRented},
            {QStringLiteral("gpuHours"), pick.point.rentedGpuHours},
            {QStringLiteral("withinBudget"), pick.point.withinBudget},
            {QStringLiteral("mark"), pick.mark},
            {QStringLiteral("run"), QVariant::fromValue(run)}};
}

QString RentalFrontierItem::hoverText() const
{
    if (hovered_ < 0 || hovered_ >= int(picks_.size()))
        return {};
    const Pick& pick = picks_[size_t(hovered_)];
    const RentalFrontierPoint& p = pick.point;
    RunHandle* run = pick.mark ? pick.run.data() : openRunAt(pick.policy, p.budget);
    const QString who = pick.mark && run ? run->name()
                                         : tr("%1 at %2 GPUs").arg(chart::FrontierChart::policyName(pick.policy), gpus(p.budget));
    const QString action = run ? (run == run_ ? tr("the run shown") : tr("click to show this run"))
                               : tr("click to run it (or reopen it from the study)");
    const TrainingRentalRun* live = pick.mark ? liveRun(pick.run.data()) : nullptr;
    const QString fork = live && live->phases().size() > 1 ? tr(" (a fork: the budget after it)") : QString();
    return tr("%1\n%2 GPUs rented on average (budget %3 GPUs%4) · mean JCT %5 h\nCost %6 GPU-h\n%7")
        .arg(who, gpus(p.averageRented), gpus(p.budget), fork, QString::number(p.meanJctS / 3600, 'f', 2),
             QString::number(p.rentedGpuHours, 'f', 0), action);
}

bool RentalFrontierItem::choose(int index)
{
    if (index < 0 || index >= int(picks_.size()))
        return false;
    const Pick& pick = picks_[size_t(index)];
    if (RunHandle* open = pick.mark ? pick.run.data() : openRunAt(pick.policy, pick.point.budget)) {
        emit runChosen(open);
        return true;
    }
    if (!runs_)
        return false;
    // The normal request path: the RunManager reopens the run when the study holds it.
    return runs_->startRequest(QString::fromStdString(pick.policy),
                               {{QString::fromLatin1(TrainingRentalKind::kBudget), QString::number(pick.point.budget, 'g', 17)},
                                {QString::fromLatin1(TrainingRentalKind::kSeed), QString::number(plan_.seed)}});
}

void RentalFrontierItem::cancel()
{
    if (!task_.busy())
        return;
    task_.cancel();
    cancelledBeforePlan_ = findingFloor_;  // the cancel is of the sweep the floor leads to
    findingFloor_ = false;
    cancelled_ = true;
    cancelledPlan_ = plan_;
    rebuild();  // what the cache holds so far, and how many runs are missing
}

void RentalFrontierItem::refresh()
{
    cancelled_ = false;
    cancelledBeforePlan_ = false;
    rebuild();
}

void RentalFrontierItem::setHovered(int index)
{
    if (index == hovered_)
        return;
    hovered_ = index;
    setCursor(index >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
    emit hoverChanged();
    update();
}

// The pointer entering the chart right on a point hovers it at once: entering is a move too.
void RentalFrontierItem::hoverEnterEvent(QHoverEvent* event) { hoverMoveEvent(event); }

void RentalFrontierItem::hoverMoveEvent(QHoverEvent* event) { setHovered(pointNear(event->position().x(), event->position().y())); }

void RentalFrontierItem::hoverLeaveEvent(QHoverEvent*) { setHovered(-1); }

void RentalFrontierItem::mousePressEvent(QMouseEvent* event)
{
    pressed_ = pointNear(event->position().x(), event->position().y());
    if (pressed_ < 0)
        event->ignore();
}

void RentalFrontierItem::mouseReleaseEvent(QMouseEvent* event)
{
    const int released = pointNear(event->position().x(), event->position().y());
    if (released >= 0 && released == pressed_)
        choose(released);
    pressed_ = -1;
}

void RentalFrontierItem::paint(QPainter* painter)
{
    if (!inputs_ || width() < 64 || height() < 64)
        return;
    const chart::ChartTheme& theme = dark_ ? chart::ChartColors::darkTheme() : chart::ChartColors::lightTheme();
    // The app's text size at any window size, as every chart on screen (walk14 W21).
    const QList<QRectF> plots =
        chart::ChartRenderer::paintOnScreen(*painter, boundingRect(), QList<chart::ChartSpec>{spec_}, theme);
    if (!plots.isEmpty())
        plot_ = plots.front();
    if (hovered_ >= 0) {
        // The hovered point ringed, as a cursor on the chart.
        const QPointF at = pixelOf(hovered_);
        painter->setRenderHint(QPainter::Antialiasing, true);
        painter->setPen(QPen(theme.text, 2));
        painter->setBrush(Qt::NoBrush);
        painter->drawEllipse(at, kPickPixels * 0.8, kPickPixels * 0.8);
    }
}

}  // namespace tessera::views
