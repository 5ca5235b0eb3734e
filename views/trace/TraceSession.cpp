#include "trace/TraceSession.h"

#include "trace/TraceAttribution.h"
#include "trace/TraceFilePairing.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QSettings>
#include <QUrl>

namespace tessera::views {

namespace {
const QString kGpuModelsKey = QStringLiteral("trace/gpuModels");
}  // namespace

TraceSession::TraceSession(QObject* parent) : QObject(parent)
{
#ifdef TESSERA_DEFAULT_TRACE_DIR
    defaultFolder_ = QStringLiteral(TESSERA_DEFAULT_TRACE_DIR);
#endif
    gpuModelsPath_ = QSettings().value(kGpuModelsKey).toString();
    connect(&task_, &BackgroundTask::busyChanged, this, &TraceSession::loadingChanged);
    connect(&task_, &BackgroundTask::progressChanged, this, &TraceSession::progressChanged);
    connect(&task_, &BackgroundTask::failed, this, [this](const QString& message) {
        setError(message);
        emit loadFailed(message);
    });
}

QString TraceSession::nodesPath() const { return trace_ ? QString::fromStdString(trace_->nodesPath) : QString(); }
QString TraceSession::podsPath() const { return trace_ ? QString::fromStdString(trace_->podsPath) : QString(); }

void TraceSession::setDefaultFolder(const QString& folder)
{
    if (folder == defaultFolder_)
        return;
    defaultFolder_ = folder;
    emit defaultFolderChanged();
}

void TraceSession::setGpuModelsPath(const QString& urlOrPath)
{
    const QString path = urlOrPath.isEmpty() ? QString() : QFileInfo(localPath(urlOrPath)).absoluteFilePath();
    if (path == gpuModelsPath_)
        return;
    gpuModelsPath_ = path;
    QSettings().setValue(kGpuModelsKey, path);
    emit gpuModelsPathChanged();
    if (trace_)
        load(nodesPath(), podsPath());
}

QString TraceSession::localPath(const QString& urlOrPath)
{
    const QUrl url(urlOrPath);
    return url.isLocalFile() ? url.toLocalFile() : urlOrPath;
}

QString TraceSession::summarize(const PodTrace& trace)
{
    // Thousands separators in the English manner, like every number the app prints.
    const QLocale english(QLocale::English, QLocale::UnitedStates);
    return QStringLiteral("%1 nodes · %2 GPUs · %3 pods")
        .arg(english.toString(qlonglong(trace.cluster.nodes.size())), english.toString(trace.cluster.totalGpus()),
             english.toString(qlonglong(trace.pods.pods.size())));
}

void TraceSession::load(const QString& nodes, const QString& pods)
{
    const QString nodesPath = QFileInfo(localPath(nodes)).absoluteFilePath();
    const QString podsPath = QFileInfo(localPath(pods)).absoluteFilePath();
    setError({});
    const QString gpuModels = gpuModelsPath_;
    task_.start([this, nodesPath, podsPath, gpuModels](const ProgressCallback& progress) -> BackgroundTask::Delivery {
        LoadWarnings warnings;
        auto trace = PodTrace::load(nodesPath.toStdString(), podsPath.toStdString(), gpuModels.toStdString(),
                                    LoadOptions{}, warnings, progress);
        QStringList lines;
        for (const auto& line : warnings.lines)
            lines.append(QString::fromStdString(line));
        return [this, trace, lines] { adopt(trace, lines); };
    });
}

void TraceSession::loadAny(const QString& urlOrPath)
{
    const TraceFilePairing::Result pair = TraceFilePairing::pair(localPath(urlOrPath));
    if (!pair.ok()) {
        task_.cancel();
        setError(pair.error);
        emit loadFailed(pair.error);
        return;
    }
    load(pair.nodesPath, pair.podsPath);
}

void TraceSession::loadDefault()
{
    const QDir dir(defaultFolder_);
    load(dir.filePath("nodes.csv"), dir.filePath("pods.csv"));
}

void TraceSession::openRecent(int index)
{
    if (index < 0 || index >= recent_.entries().size())
        return;
    const RecentTraces::Entry entry = recent_.entries().at(index);
    load(entry.nodesPath, entry.podsPath);
}

void TraceSession::cancel() { task_.cancel(); }

void TraceSession::setError(const QString& error)
{
    if (error == error_)
        return;
    error_ = error;
    emit errorChanged();
}

void TraceSession::adopt(std::shared_ptr<const PodTrace> trace, const QStringList& warnings)
{
    trace_ = std::move(trace);
    summary_ = summarize(*trace_);
    attribution_ = TraceAttribution::forTrace(nodesPath(), podsPath(), defaultFolder_);
    warnings_ = warnings.join('\n');
    recent_.add({nodesPath(), podsPath()});
    emit traceChanged();
    emit recentChanged();
    emit traceLoaded();
}

}  // namespace tessera::views
