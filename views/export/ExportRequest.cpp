#include "export/ExportRequest.h"

#include "chart/ChartError.h"
#include "chart/ChartRegistry.h"
#include "chart/RunCharts.h"
#include "run/RunComparability.h"
#include "run/RunHandle.h"

#include <limits>

namespace tessera::views {

namespace {

using chart::ChartSpec;
using chart::RunCharts;

// The fork position when one run branches from the other.
std::optional<size_t> forkOf(const RunHandle* a, const RunHandle* b)
{
    if (b && b->parentRun() == a && b->forkPosition() >= 0)
        return size_t(b->forkPosition());
    if (b && a->parentRun() == b && a->forkPosition() >= 0)
        return size_t(a->forkPosition());
    return std::nullopt;
}

}  // namespace

ExportRequest::ExportRequest(const QString& chart, RunHandle* runA, RunHandle* runB, int from, int to, int cursor)
    : chart_(chart), a_(runA->shared()), b_(runB ? runB->shared() : nullptr)
{
    chart::RunChartOptions& o = options_;
    if (from > 0)
        o.from = size_t(from);
    if (to >= 0)
        o.to = size_t(to);
    if (cursor >= 0)
        o.cursor = size_t(cursor);
    o.fork = forkOf(runA, runB);
    o.runNames << runA->name();
    o.runColors << runA->color();
    if (runB) {
        o.runNames << runB->name();
        o.runColors << runB->color();
        o.divergence = runA->divergence(runB);
    }
    const auto xs = a_->series().column(0);
    if ((from > 0 || to >= 0) && !xs.empty()) {
        const size_t last = xs.size() - 1;
        const size_t lo = std::min(size_t(std::max(from, 0)), last);
        const size_t hi = to < 0 ? last : std::min(size_t(to), last);
        visibleX_ = std::make_pair(xs[lo], xs[hi]);
    }
}

void ExportRequest::keepEveryRow() { options_.maxPoints = std::numeric_limits<int>::max(); }

std::vector<const Run*> ExportRequest::runs() const
{
    std::vector<const Run*> runs{a_.get()};
    if (b_)
        runs.push_back(b_.get());
    return runs;
}

QList<ChartSpec> ExportRequest::specs(const ProgressCallback& progress) const
{
    const RunCharts::Runs list = runs();
    const chart::RunChartOptions& o = options_;
    // Two runs are drawn on one axis and subtracted: only when they can be compared at all.
    if (b_)
        if (const auto problem = comparisonProblem(*a_, *b_))
            throw chart::ChartError(QString::fromStdString(*problem));
    if (chart_ == "report")
        return RunCharts::all(list, o, progress);
    const chart::RegisteredChart* c = chart::ChartRegistry::chart(a_->info().kind, chart_.toStdString());
    if (!c)
        throw chart::ChartError(QStringLiteral("unknown chart \"%1\"").arg(chart_));
    if (list.size() < c->minRuns)
        throw chart::ChartError(QStringLiteral("a %1 chart needs two runs").arg(chart_));
    QList<ChartSpec> specs = c->build(list, o, progress);
    if (specs.isEmpty())
        throw chart::ChartError(QStringLiteral("these runs have nothing to draw in chart \"%1\"").arg(chart_));
    return specs;
}

}  // namespace tessera::views
