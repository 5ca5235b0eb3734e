#include "export/ExportController.h"

#include "chart/ChartCsv.h"
#include "chart/ChartError.h"
#include "chart/ChartFormat.h"
#include "chart/ChartRenderer.h"
#include "chart/ChartRegistry.h"
#include "chart/ReportWriter.h"
#include "charts/OptionalBool.h"
#include "export/ExportRequest.h"
#include "run/RunKindRegistry.h"

#include <QFileInfo>
#include <QUrl>

#include <limits>
#include <memory>

namespace tessera::views {

namespace {

QString localPath(const QString& target)
{
    const QUrl url(target);
    return url.isLocalFile() ? url.toLocalFile() : target;
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

namespace {

std::string kindOf(const RunHandle* run)
{
    return run ? run->run().info().kind : RunKindRegistry::kDefaultKind;
}

}  // namespace

QStringList ExportController::charts(RunHandle* run) const
{
    QStringList ids;
    for (const chart::RegisteredChart* c : chart::ChartRegistry::charts(kindOf(run)))
        ids << QString::fromStdString(c->id);
    return ids;
}

QString ExportController::inspectorChart(RunHandle* run) const
{
    const chart::RegisteredChart* c = chart::ChartRegistry::inspectorChart(kindOf(run));
    return c ? QString::fromStdString(c->id) : QString();
}

QString ExportController::chartTitle(const QString& id, RunHandle* run) const
{
    const chart::RegisteredChart* c = chart::ChartRegistry::chart(kindOf(run), id.toStdString());
    if (!c || !c->title)
        return id;
    return c->title(run ? run->run().words() : RunWords());
}

QVariant ExportController::logarithmicX() const { return variantOf(logarithmicX_); }

void ExportController::setLogarithmicX(const QVariant& logarithmic)
{
    const std::optional<bool> value = optionalBool(logarithmic);
    if (value == logarithmicX_)
        return;
    logarithmicX_ = value;
    emit logarithmicXChanged();
}

QVariant ExportController::logarithmicY() const { return variantOf(logarithmicY_); }

void ExportController::setLogarithmicY(const QVariant& logarithmic)
{
    const std::optional<bool> value = optionalBool(logarithmic);
    if (value == logarithmicY_)
        return;
    logarithmicY_ = value;
    emit logarithmicYChanged();
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
    if (!charts(runA).contains(chart))
        return reject(tr("Unknown chart \"%1\".").arg(chart));
    const QString path = localPath(target);
    const auto parsed = format.isEmpty() ? chart::chartFormatOfPath(path) : chart::parseChartFormat(format);
    if (!parsed)
        return reject(tr("Choose PNG, SVG or PDF for %1.").arg(path));
    const chart::ChartFormat fmt = *parsed;
    if (width < 64 || height < 64 || width > 16384 || height > 16384)
        return reject(tr("The size %1×%2 is outside 64–16384 pixels a side.").arg(width).arg(height));
    ExportRequest request(chart, runA, runB, from, to, cursor);
    request.setLogarithmicX(logarithmicX_);
    request.setLogarithmicY(logarithmicY_);
    run(path, [=](const ProgressCallback& progress) {
        chart::ChartRenderer::save(request.specs(progress), path, fmt, QSize(width, height));
    });
    return true;
}

bool ExportController::exportCsv(const QString& chart, RunHandle* runA, RunHandle* runB, int from, int to,
                                 const QString& target)
{
    if (!runA)
        return reject(tr("Nothing to export: run a simulation or open a saved run first."));
    if (!charts(runA).contains(chart))
        return reject(tr("Unknown chart \"%1\".").arg(chart));
    const QString path = localPath(target);
    // The occupancy data is the grid at the end of the visible range.
    ExportRequest request(chart, runA, runB, from, to, to);
    request.keepEveryRow();
    request.setLogarithmicX(logarithmicX_);
    request.setLogarithmicY(logarithmicY_);
    run(path, [=](const ProgressCallback& progress) {
        chart::ChartCsv::save(request.specs(progress).front(), path, request.visibleX());
    });
    return true;
}

bool ExportController::exportReport(RunHandle* runA, RunHandle* runB, const QString& target, int cursor)
{
    if (!runA)
        return reject(tr("Nothing to report: run a simulation or open a saved run first."));
    const QString path = localPath(target);
    ExportRequest request(QStringLiteral("report"), runA, runB, 0, -1, cursor);
    request.setLogarithmicX(logarithmicX_);
    request.setLogarithmicY(logarithmicY_);
    run(path, [=](const ProgressCallback& progress) {
        chart::ReportWriter::write(path, request.runs(), request.specs(progress), chart::ReportWriter::Layout::TwoPerPage,
                                   chart::ChartColors::lightTheme(), request.options().runNames);
    });
    return true;
}

}  // namespace tessera::views
