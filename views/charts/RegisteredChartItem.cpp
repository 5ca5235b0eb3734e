#include "charts/RegisteredChartItem.h"

#include "chart/ChartColors.h"
#include "chart/ChartError.h"
#include "chart/ChartRegistry.h"
#include "chart/ChartRenderer.h"
#include "charts/OptionalBool.h"

#include <QPainter>

namespace tessera::views {

RegisteredChartItem::RegisteredChartItem(QQuickItem* parent) : QQuickPaintedItem(parent)
{
    setAntialiasing(true);
    rebuild();
}

void RegisteredChartItem::setRun(RunHandle* run)
{
    if (run == run_)
        return;
    disconnect(decisionsChanged_);
    run_ = run;
    if (run_)
        decisionsChanged_ = connect(run_, &RunHandle::decisionsChanged, this, [this] {
            if (explaining_)
                rebuild();
        });
    rebuild();
}

void RegisteredChartItem::setExplaining(bool explaining)
{
    if (explaining == explaining_)
        return;
    explaining_ = explaining;
    rebuild();
}

void RegisteredChartItem::setOtherRun(RunHandle* run)
{
    if (run == otherRun_)
        return;
    otherRun_ = run;
    rebuild();
}

void RegisteredChartItem::setChartId(const QString& id)
{
    if (id == chartId_)
        return;
    chartId_ = id;
    rebuild();
}

void RegisteredChartItem::setDark(bool dark)
{
    if (dark == dark_)
        return;
    dark_ = dark;
    rebuild();
}

QVariant RegisteredChartItem::logarithmicX() const { return variantOf(logarithmicX_); }

void RegisteredChartItem::setLogarithmicX(const QVariant& logarithmic)
{
    const std::optional<bool> value = optionalBool(logarithmic);
    if (value == logarithmicX_)
        return;
    logarithmicX_ = value;
    rebuild();
}

// The panels as the export draws them for these runs, with the names and colours the app
// gives them (as ChartPlans does for the series charts).
void RegisteredChartItem::rebuild()
{
    panels_.clear();
    emptyText_.clear();
    if (!run_) {
        emptyText_ = tr("No run: open inputs and run a policy.");
    } else {
        const std::string kind = run_->run().info().kind;
        const chart::RegisteredChart* c = chart::ChartRegistry::chart(kind, chartId_.toStdString());
        if (!c) {
            emptyText_ = tr("Runs of kind \"%1\" have no chart \"%2\".").arg(QString::fromStdString(kind), chartId_);
        } else {
            chart::ChartRuns runs;
            // The runs explaining decisions, kept alive while the chart is built.
            std::vector<std::shared_ptr<const Run>> explainers;
            chart::RunChartOptions options;
            options.logarithmicX = logarithmicX_;
            for (RunHandle* r : {run_.data(), otherRun_.data()})
                if (r && r->run().info().kind == kind) {  // a run of another kind has none of this chart's data
                    if (explaining_)
                        explainers.push_back(r->explaining());
                    runs.push_back(explaining_ ? explainers.back().get() : &r->run());
                    options.runNames << r->name();
                    options.runColors << r->color();
                }
            try {
                if (runs.size() >= c->minRuns)
                    panels_ = c->build(runs, options, {});
                if (panels_.isEmpty())
                    emptyText_ = tr("Nothing to draw for this run.");
            } catch (const chart::ChartDataMissing& e) {
                // The run lacks what the chart draws (reopened from an older study): say which.
                panels_.clear();
                emptyText_ = QString::fromStdString(e.what());
            }
        }
    }
    emit chartChanged();
    update();
}

void RegisteredChartItem::paint(QPainter* painter)
{
    if (panels_.isEmpty() || width() < 64 || height() < 64)
        return;
    const chart::ChartTheme& theme = dark_ ? chart::ChartColors::darkTheme() : chart::ChartColors::lightTheme();
    // The app's chart text size, not the view's: at 2560 px this chart reads as the others.
    chart::ChartRenderer::paintOnScreen(*painter, boundingRect(), panels_, theme);
}

}  // namespace tessera::views
