#include "export/ExportController.h"

#include "chart/ChartCsv.h"
#include "chart/ChartError.h"
#include "chart/ChartFormat.h"
#include "chart/ChartRenderer.h"
#include "chart/ReportWriter.h"
#include "chart/RunCharts.h"

#include <QFileInfo>
#include <QUrl>

#include <limits>
#include <memory>

namespace tessera::views {

namespace {

using chart::ChartSpec;
using chart::RunCharts;

QString localPath(const QString& target)
{
    const QUrl url(target);
    return url.isLocalFile() ? url.toLocalFile() : target;
}

// The runs a request names, kept alive by the worker while it paints.
struct RunPair {
    std::shared_ptr<const Run> a;
    std::shared_ptr<const Run> b;
    std::optional<size_t> fork;

    RunCharts::Runs list() const
    {
        RunCharts::Runs runs{a.get()};
        if (b)
            runs.push_back(b.get());
        return runs;
    }
};

RunPair pairOf(RunHandle* runA, RunHandle* runB)
{
    RunPair pair{runA->shared(), runB ? runB->shared() : nullptr, std::nullopt};
    if (runB && runB->parentRun() == runA && runB->forkPosition() >= 0)
        pair.fork = size_t(runB->forkPosition());
    return pair;
}

chart::RunChartOptions optionsOf(const RunPair& runs, int from, int to, int cursor)
{
    chart::RunChartOptions o;
    if (from > 0)
        o.from = size_t(from);
    if (to >= 0)
        o.to = size_t(to);
    if (cursor >= 0)
        o.cursor = size_t(cursor);
    o.fork = runs.fork;
    if (runs.b)
        o.divergence = RunCharts::divergence(*runs.a, *runs.b);
    return o;
}

// The charts of one id: most are one chart, the difference is three.
QList<ChartSpec> build(const QString& id, const RunPair& runs, const chart::RunChartOptions& o, int cursor,
                       const ProgressCallback& progress)
{
    if (id == "allocation")
        return {RunCharts::allocation(runs.list(), o)};
    if (id == "failed-pods")
        return {RunCharts::failedPods(runs.list(), o)};
    if (id == "power")
        return {RunCharts::power(runs.list(), o)};
    if (id == "power-by-model") {
        auto spec = RunCharts::powerByModel(*runs.a, o);
        if (!spec)
            throw chart::ChartError(QStringLiteral("this run has no power by GPU model"));
        return {*spec};
    }
    if (id == "fragmentation-rate")
        return {RunCharts::fragmentationRate(runs.list(), o)};
    if (id == "fragmentation-heatmap")
        return {RunCharts::fragmentationHeatmap(*runs.a, o, progress)};
    if (id == "occupancy")
        return {RunCharts::occupancy(*runs.a, cursor >= 0 ? size_t(cursor) : runs.a->steps())};
    if (id == "difference") {
        if (!runs.b)
            throw chart::ChartError(QStringLiteral("a difference chart needs two runs"));
        return RunCharts::difference(*runs.a, *runs.b, o);
    }
    throw chart::ChartError(QStringLiteral("unknown chart \"%1\"").arg(id));
}

// The x range of runA's positions [from, to], for limiting CSV rows to the visible range.
std::optional<std::pair<double, double>> visibleX(const Run& run, int from, int to)
{
    if (from <= 0 && to < 0)
        return std::nullopt;
    const auto xs = run.series().column(0);
    const size_t last = xs.size() - 1;
    const size_t lo = std::min(size_t(std::max(from, 0)), last);
    const size_t hi = to < 0 ? last : std::min(size_t(to), last);
    return std::make_pair(xs[lo], xs[hi]);
}

}  // namespace

ExportController::ExportController(QObject* parent) : QObject(parent)
{
    connect(&task_, &BackgroundTask::busyChanged, this, &ExportController::busyChanged);
    connect(&task_, &BackgroundTask::progressChanged, this, &ExportController::progressChanged);
    connect(&task_, &BackgroundTask::failed, this, [this](const QString& message) {
        setError(message);
        emit failed(message);
    });
}

QStringList ExportController::charts() const
{
    return {"allocation",           "failed-pods", "power",     "power-by-model", "fragmentation-rate",
            "fragmentation-heatmap", "occupancy",   "difference"};
}

QString ExportController::chartTitle(const QString& id) const
{
    static const QHash<QString, QString> titles{
        {"allocation", tr("GPU allocation")},
        {"failed-pods", tr("Failed pods by class")},
        {"power", tr("Cluster power")},
        {"power-by-model", tr("GPU power by model")},
        {"fragmentation-rate", tr("Fragmentation rate")},
        {"fragmentation-heatmap", tr("Fragmentation heatmap")},
        {"occupancy", tr("GPU occupancy")},
        {"difference", tr("Differences B − A")}};
    return titles.value(id, id);
}

bool ExportController::reject(const QString& message)
{
    setError(message);
    return false;
}

void ExportController::setError(const QString& message)
{
    if (message == error_)
        return;
    error_ = message;
    emit errorChanged();
}

void ExportController::run(const QString& path, std::function<void(const ProgressCallback&)> work)
{
    setError({});
    task_.start([this, path, work = std::move(work)](const ProgressCallback& progress) -> BackgroundTask::Delivery {
        work(progress);
        return [this, path] {
            lastPath_ = path;
            emit exported(path);
        };
    });
}

bool ExportController::exportChart(const QString& chart, RunHandle* runA, RunHandle* runB, int from, int to,
                                   int cursor, const QString& target, const QString& format, int width, int height)
{
    if (!runA)
        return reject(tr("Nothing to export: run a simulation or open a saved run first."));
    if (!charts().contains(chart))
        return reject(tr("Unknown chart \"%1\".").arg(chart));
    const QString path = localPath(target);
    const auto parsed = format.isEmpty() ? chart::chartFormatOfPath(path) : chart::parseChartFormat(format);
    if (!parsed)
        return reject(tr("Choose PNG, SVG or PDF for %1.").arg(path));
    const chart::ChartFormat fmt = *parsed;
    if (width < 64 || height < 64 || width > 16384 || height > 16384)
        return reject(tr("The size %1×%2 is outside 64–16384 pixels a side.").arg(width).arg(height));
    const RunPair runs = pairOf(runA, runB);
    const auto options = optionsOf(runs, from, to, cursor);
    run(path, [=](const ProgressCallback& progress) {
        chart::ChartRenderer::save(build(chart, runs, options, cursor, progress), path, fmt, QSize(width, height));
    });
    return true;
}

bool ExportController::exportCsv(const QString& chart, RunHandle* runA, RunHandle* runB, int from, int to,
                                 const QString& target)
{
    if (!runA)
        return reject(tr("Nothing to export: run a simulation or open a saved run first."));
    if (!charts().contains(chart))
        return reject(tr("Unknown chart \"%1\".").arg(chart));
    const QString path = localPath(target);
    const RunPair runs = pairOf(runA, runB);
    auto options = optionsOf(runs, from, to, -1);
    // CSV is the data, not a picture of it: every row of the range, none thinned away.
    options.maxPoints = std::numeric_limits<int>::max();
    const auto visible = visibleX(*runs.a, from, to);
    run(path, [=](const ProgressCallback& progress) {
        const QList<ChartSpec> specs = build(chart, runs, options, to, progress);
        chart::ChartCsv::save(specs.front(), path, visible);
    });
    return true;
}

bool ExportController::exportReport(RunHandle* runA, RunHandle* runB, const QString& target)
{
    if (!runA)
        return reject(tr("Nothing to report: run a simulation or open a saved run first."));
    const QString path = localPath(target);
    const RunPair runs = pairOf(runA, runB);
    const auto options = optionsOf(runs, 0, -1, -1);
    run(path, [=](const ProgressCallback& progress) {
        chart::ReportWriter::write(path, runs.list(), RunCharts::all(runs.list(), options, progress));
    });
    return true;
}

}  // namespace tessera::views
